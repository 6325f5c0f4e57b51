import { Button, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon, TickIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';

export interface ScimBaseUrlProps {
  /** The SCIM 2.0 base URL the organization's directory calls. */
  url: string;
}

export const BASE_URL_COPIED = 'The base URL was copied to the clipboard.';
export const BASE_URL_COPY_FAILED = 'The browser did not allow copying. Select the URL and copy it.';

/** The base URL to enter in the directory: selectable whole on focus, never editable, with a copy button. */
export function ScimBaseUrl({ url }: ScimBaseUrlProps) {
  const id = useId();
  const [copy, setCopy] = useState<'not-copied' | 'copied' | 'failed'>('not-copied');
  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <FormGroup
      label="SCIM base URL"
      labelFor={id}
      helperText={
        <span role="status">
          {copy === 'copied'
            ? BASE_URL_COPIED
            : copy === 'failed'
              ? BASE_URL_COPY_FAILED
              : 'Entra ID calls it the Tenant URL; Okta the SCIM connector base URL.'}
        </span>
      }
    >
      <InputGroup
        id={id}
        value={url}
        readOnly
        className={Classes.MONOSPACE_TEXT}
        onFocus={(event) => event.currentTarget.select()}
        rightElement={
          <Button
            variant="minimal"
            icon={copy === 'copied' ? <TickIcon /> : <DuplicateIcon />}
            onClick={() => void copyUrl()}
          >
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        }
      />
    </FormGroup>
  );
}
