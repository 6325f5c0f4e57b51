import { isoDateTime, listOf, listQuerySchema } from './common.js';

/** A mail the platform wrote instead of sending it (local and testing environments). */
const outboxMail = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    recipient: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
    link: { type: ['string', 'null'], description: 'The password link it carries, when it carries one.' },
    createdAt: isoDateTime,
  },
  required: ['id', 'recipient', 'subject', 'body', 'link', 'createdAt'],
  examples: [
    {
      id: 1,
      recipient: 'user@acme.test',
      subject: 'Reset your password',
      body: 'Open the link to choose a new password: https://console.test/password?token=…',
      link: 'https://console.test/password?token=…',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
} as const;

export const outboxListBody = listOf(outboxMail, 'A page of the outbox, newest first');

export const outboxQuery = {
  type: 'object',
  properties: {
    recipient: { type: 'string', maxLength: 254, description: 'Only mail to this address.' },
    limit: listQuerySchema.limit,
    offset: listQuerySchema.offset,
  },
} as const;
