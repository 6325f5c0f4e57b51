/**
 * One path segment of a REST URL (organization ids, emails, NPIs, credential ids): a `/`, `?` or `%`
 * in a value stays inside its segment instead of changing the path the platform routes.
 */
export const segment = (value: string): string => encodeURIComponent(value);

/** The path parameters a call is given, by the `{name}` of its template. */
export type PathParameters = Readonly<Record<string, string | number | undefined>>;

/**
 * A route's path template (`/organization/{id}/webhooks/{webhookId}`) with each `{name}` filled by its
 * parameter, one encoded segment each. A missing parameter throws: a request to a half-filled path
 * would reach another route, or the platform's 404, and say nothing of the gateway's mistake.
 */
export function fillPath(template: string, parameters: PathParameters = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const value = parameters[name];
    if (value === undefined || value === null) {
      throw new Error(`The platform path ${template} needs its parameter ${name}, which the call did not give`);
    }
    return segment(String(value));
  });
}
