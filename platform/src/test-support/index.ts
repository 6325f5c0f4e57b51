// Test support for other packages' tests (the gateway's): a platform on a fresh database with the
// small fixture, and tokens signed as the provider signs them. Never part of a build.
export * from './platform.js';
export * from './fixture.js';
export * from './sign-in.js';
export * from './ports.js';
export * from './saml-idp.js';
export * from './customer-oidc.js';
export * from './webhook-receiver.js';
