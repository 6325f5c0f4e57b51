/**
 * Where the platform sends the browser once a customer's provider answered an operator's test sign-in
 * (issue 39): the console's Sign-in tab of the organization, which reads the result by its state. The
 * console's route table builds the same path (web/src/routes/paths.ts, organizationUpdatePath).
 */
export const SSO_TEST_PARAM = 'ssoTest';

export function ssoTestReturnPath(organizationId: string, state: string): string {
  return `/admin/org-management/${encodeURIComponent(organizationId)}/update/sign-in?${SSO_TEST_PARAM}=${encodeURIComponent(state)}`;
}
