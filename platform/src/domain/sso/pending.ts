// The sign-ins sent to an organization's identity provider and waiting for its answer (sso_pending,
// stores/sso.ts). The sign-in pages (oidc/sso-pages.ts) record, answer and take them through this
// service, as an HTTP edge reaches no store; the rules of what an answer may do are in sign-in.ts.
export { answerSsoPending, findSsoPending, insertSsoPending, takeAnsweredSsoPending } from '../../stores/sso.js';
