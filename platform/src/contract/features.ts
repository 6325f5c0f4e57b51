import { FEATURE_KEYS, RELEASE_STAGES } from '@meridian/schema';

/** A feature as it resolves for one organization (decisions.md "Feature flags"). */
const resolvedFeature = {
  type: 'object',
  additionalProperties: false,
  properties: {
    key: { type: 'string', enum: [...FEATURE_KEYS] },
    description: { type: 'string' },
    entity: { type: 'string', enum: ['organization'] },
    stage: { type: 'string', enum: [...RELEASE_STAGES] },
    requiresLicense: { type: 'boolean' },
    isLicensed: { type: 'boolean', description: 'The license includes what it needs (true when none is needed).' },
    isAvailable: { type: 'boolean', description: 'Its stage is open to the organization and it is licensed.' },
  },
  required: ['key', 'description', 'entity', 'stage', 'requiresLicense', 'isLicensed', 'isAvailable'],
} as const;

/** Every feature of the platform's catalog, as it resolves for the organization. */
export const featureListBody = {
  description: 'Every feature, resolved for the organization',
  type: 'object',
  additionalProperties: false,
  properties: { data: { type: 'array', items: resolvedFeature } },
  required: ['data'],
  examples: [
    {
      data: [
        {
          key: 'feature:managed-providers',
          description: 'Organization staff manage provider aliases and relationships, keyed by NPI.',
          entity: 'organization',
          stage: 'general-availability',
          requiresLicense: true,
          isLicensed: true,
          isAvailable: true,
        },
      ],
    },
  ],
} as const;
