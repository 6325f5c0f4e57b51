/** GET /users/{email}/mfa: which second factors a user has (User.mfa); never a secret. */
export const userMfaBody = {
  description: "The user's second factors",
  type: 'object',
  additionalProperties: false,
  properties: {
    enrolled: { type: 'boolean', description: 'True when the user signs in with a second factor.' },
    kinds: {
      type: 'array',
      items: { type: 'string', enum: ['totp', 'passkey'] },
      description: 'totp: an authenticator app; passkey: one or more passkeys.',
    },
    passkeyCount: { type: 'integer', minimum: 0 },
    recoveryCodesLeft: { type: 'integer', minimum: 0, maximum: 10, description: 'Unused recovery codes (of ten).' },
  },
  required: ['enrolled', 'kinds', 'passkeyCount', 'recoveryCodesLeft'],
  examples: [{ enrolled: true, kinds: ['totp'], passkeyCount: 0, recoveryCodesLeft: 10 }],
} as const;
