import { CopyableValue } from '../../../../components/CopyableValue.js';

export interface ScimBaseUrlProps {
  /** The SCIM 2.0 base URL the organization's directory calls. */
  url: string;
}

export const BASE_URL_COPIED = 'The base URL was copied to the clipboard.';
export const BASE_URL_COPY_FAILED = 'The browser did not allow copying. Select the URL and copy it.';

/** The base URL to enter in the directory: selectable whole on focus, never editable, with a copy button. */
export function ScimBaseUrl({ url }: ScimBaseUrlProps) {
  return (
    <CopyableValue
      label="SCIM base URL"
      value={url}
      helperText="Entra ID calls it the Tenant URL; Okta the SCIM connector base URL."
      copiedMessage={BASE_URL_COPIED}
      copyFailedMessage={BASE_URL_COPY_FAILED}
    />
  );
}
