import {
  duplicateNpiMessage,
  MESSAGES,
  npiCheckDigitMessage,
  RELATIONSHIP_MESSAGE,
  unknownProviderMessage,
} from '@meridian/schema';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyCsvMessage, tooManyRowsMessage } from '../csv/csv-rows.js';
import { emptyFileMessage } from '../csv/read-csv-file.js';
import { badCheckDigit, validNpi, validNpi15 } from '../csv/test-npis.js';
import { FEATURE_UNAVAILABLE_ANSWER, renderManagedProviders } from '../test-support.js';

const UPDATE = '/config/acme/managed-providers/aliases/update';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A stubbed batch lookup: the directory knows exactly `known`. */
function lookupOf(known: ReadonlySet<string>) {
  return (variables: Record<string, unknown>) => {
    const npis = variables.npis as string[];
    return {
      providers: {
        __typename: 'ProviderSearch',
        lookup: {
          __typename: 'ProviderLookup',
          found: npis
            .filter((npi) => known.has(npi))
            .map((npi) => ({
              __typename: 'Provider',
              npi,
              name: `Dr. ${npi}`,
              specialty: 'Cardiology',
              city: 'Springfield',
              state: 'IL',
            })),
          missing: npis.filter((npi) => !known.has(npi)),
          invalid: [],
        },
      },
    };
  };
}

/** The gateway's answer to a bulk call: each row as `status(npi)` says. */
function batchAnswer(field: string, status: (npi: string) => string) {
  return (variables: Record<string, unknown>) => {
    const npis = ((variables.links as { npi: string }[] | undefined)?.map((link) => link.npi) ??
      variables.npis) as string[];
    const results = npis.map((npi) => ({
      __typename: 'ProviderLinkRowResult',
      npi,
      status: status(npi),
      message: null,
    }));
    const count = (s: string) => results.filter((row) => row.status === s).length;
    return {
      [field]: {
        __typename: 'ProviderLinkBatchPayload',
        results,
        created: count('CREATED'),
        updated: count('UPDATED'),
        unchanged: count('UNCHANGED'),
        removed: count('REMOVED'),
        notFound: count('NOT_FOUND'),
        errors: count('ERROR'),
        inputErrors: [],
      },
    };
  };
}

const paste = (text: string) => {
  fireEvent.change(screen.getByLabelText('Or paste CSV text'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Check rows' }));
};
const summary = () => screen.getByTestId('check-summary').textContent ?? '';

describe('bulk update from a CSV', () => {
  // The time limit is asserted in Chromium (tests/e2e/managed-providers.e2e.test.ts): happy-dom draws a
  // table many times slower than a browser. Here: one lookup, the page's own measurement, one request.
  it('checks 1,000 rows with ONE batch lookup and says how long it took, then sends the ready ones in ONE request', async () => {
    const user = userEvent.setup();
    const known = Array.from({ length: 600 }, (_, i) => (i % 10 === 0 ? validNpi15(i) : validNpi(i)));
    const unknown = Array.from({ length: 300 }, (_, i) => validNpi(10_000 + i));
    const lines = [
      ...known.map((npi, i) => `${npi},Alias ${i}`),
      ...unknown.map((npi) => `${npi},Unknown`),
      ...known.slice(0, 50).map((npi) => `${npi},Repeat`),
      ...known.slice(50, 100).map((npi) => `${badCheckDigit(npi)},Bad digit`),
    ];
    const { gateway, toasts } = renderManagedProviders(UPDATE, {
      handlers: {
        ProviderLookup: lookupOf(new Set(known)),
        UpsertProviderLinks: batchAnswer('upsertProviderLinks', (npi) => (npi === known[1] ? 'UPDATED' : 'CREATED')),
      },
    });

    paste(`npi,alias\r\n${lines.join('\r\n')}\r\n`);
    await waitFor(() => expect(summary()).toMatch(/checked in/), { timeout: 10_000 });
    expect(summary()).toMatch(
      /^1,000 rows from the pasted text checked in [\d.]+ m?s: 600 ready, 400 with problems\.$/,
    );

    const lookups = gateway.sent.filter((request) => request.operationName === 'ProviderLookup');
    expect(lookups).toHaveLength(1);
    // Each distinct well-formed NPI once; malformed ones and bad check digits never leave the browser.
    expect(new Set(lookups[0]!.variables.npis as string[])).toEqual(new Set([...known, ...unknown]));

    await user.click(screen.getByRole('radio', { name: 'With problems (400)' }));
    const review = screen.getByRole('region', { name: 'Checked rows' });
    expect(within(review).getByText(unknownProviderMessage(unknown[0]!))).toBeTruthy();
    // Pages of 50: the 300 unknown providers first (file order), then the repeats, then the bad digits.
    for (let page = 0; page < 6; page++) await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 7 of 8 · 400 rows')).toBeTruthy();
    expect(within(review).getAllByText(duplicateNpiMessage(known[0]!))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(review).getByText(npiCheckDigitMessage(badCheckDigit(known[50]!)))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send 600 rows' }));
    await screen.findByRole('region', { name: 'Row results' });
    const upserts = gateway.sent.filter((request) => request.operationName === 'UpsertProviderLinks');
    expect(upserts).toHaveLength(1);
    const links = upserts[0]!.variables.links as { npi: string; value: string }[];
    expect(links).toHaveLength(600);
    expect(links[0]).toEqual({ npi: known[0], value: 'Alias 0' });
    expect(upserts[0]!.variables).toMatchObject({ organizationId: 'acme', kind: 'PROVIDER_ALIAS' });
    expect(toasts.list().map((toast) => [toast.type, toast.message])).toEqual([
      ['success', '600 aliases sent: 599 created, 1 updated.'],
    ]);

    const results = screen.getByRole('region', { name: 'Row results' });
    const firstRow = within(results).getAllByRole('row')[1]!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', known[0], `Dr. ${known[0]}`, 'Alias 0', 'Created', '']);
    await user.click(screen.getByRole('radio', { name: 'Not done (400)' }));
    expect(within(results).getByText(unknownProviderMessage(unknown[0]!))).toBeTruthy();
    expect(within(results).getAllByText('Not sent').length).toBe(50);
  }, 20_000);

  it('lets a bad row be fixed (looking up only its new NPI) or dropped, and sends nothing until asked', async () => {
    const user = userEvent.setup();
    const [a, b, c] = [validNpi(1), validNpi(2), validNpi15(3)];
    const { gateway } = renderManagedProviders(UPDATE, {
      handlers: { ProviderLookup: lookupOf(new Set([a, b, c])) },
    });
    paste(`${a},Good\n123,Short NPI\n${a},Repeat\n${b},${'x'.repeat(121)}`);
    await waitFor(() => expect(summary()).toMatch(/4 rows .*1 ready, 3 with problems/));

    await user.click(screen.getByRole('button', { name: 'Edit line 2' }));
    const npiField = screen.getByLabelText('NPI of line 2');
    await user.clear(npiField);
    await user.type(npiField, `${c}{Enter}`);
    await waitFor(() => expect(summary()).toMatch(/2 ready, 2 with problems/));
    const lookups = gateway.sent.filter((request) => request.operationName === 'ProviderLookup');
    expect(lookups.map((request) => request.variables.npis)).toEqual([[a, b], [c]]);

    await user.click(screen.getByRole('button', { name: 'Edit line 4' }));
    await user.clear(screen.getByLabelText('Alias of line 4'));
    await user.type(screen.getByLabelText('Alias of line 4'), 'Dr. B');
    await user.click(screen.getByRole('button', { name: 'Apply changes to line 4' }));
    await user.click(screen.getByRole('button', { name: 'Drop 1 row with problems' }));
    expect(summary()).toMatch(/^3 rows .*3 ready, 0 with problems\.$/);
    expect(screen.queryByText(duplicateNpiMessage(a))).toBeNull();
    expect(gateway.sent.some((request) => request.operationName === 'UpsertProviderLinks')).toBe(false);
  });

  it('keeps every row when the request fails, and says why', async () => {
    const user = userEvent.setup();
    const a = validNpi(1);
    const { toasts } = renderManagedProviders(UPDATE, {
      handlers: {
        ProviderLookup: lookupOf(new Set([a])),
        UpsertProviderLinks: () => ({ body: { data: null, errors: [{ message: MESSAGES.featureUnavailable }] } }),
      },
    });
    paste(`${a},Good`);
    await waitFor(() => expect(summary()).toMatch(/1 ready/));
    await user.click(screen.getByRole('button', { name: 'Send 1 row' }));
    await waitFor(() => expect(toasts.list().map((toast) => toast.message)).toEqual([MESSAGES.featureUnavailable]));
    expect(screen.getByRole('region', { name: 'Checked rows' })).toBeTruthy();
    expect(screen.getByText('Good')).toBeTruthy();
  });

  it('checks relationship values against the allowed ones, offering them when a row is edited', async () => {
    const user = userEvent.setup();
    const a = validNpi(1);
    renderManagedProviders('/config/acme/managed-providers/relationships/update', {
      handlers: { ProviderLookup: lookupOf(new Set([a])) },
    });
    paste(`${a},employed`);
    await screen.findByText(RELATIONSHIP_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Edit line 1' }));
    await user.selectOptions(screen.getByLabelText('Relationship of line 1'), 'Employed');
    await user.click(screen.getByRole('button', { name: 'Apply changes to line 1' }));
    await waitFor(() => expect(summary()).toMatch(/1 ready, 0 with problems/));
  });

  it('refuses empty and oversized input in words, before any request', async () => {
    const user = userEvent.setup();
    const { gateway } = renderManagedProviders(UPDATE);
    paste('npi,value\r\n');
    expect((await screen.findByRole('alert')).textContent).toContain(emptyCsvMessage('update'));
    paste(Array.from({ length: 5001 }, () => '1234567893,A').join('\n'));
    expect(screen.getByRole('alert').textContent).toContain(tooManyRowsMessage(5001));
    await user.upload(screen.getByLabelText(/Upload a CSV file/), new File([], 'empty.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(emptyFileMessage('empty.csv')));
    expect(gateway.sent.some((request) => request.operationName === 'ProviderLookup')).toBe(false);
  });

  it('reads an uploaded file with a header, quoted commas and CRLF', async () => {
    const user = userEvent.setup();
    const a = validNpi(1);
    renderManagedProviders(UPDATE, { handlers: { ProviderLookup: lookupOf(new Set([a])) } });
    const file = new File([`NPI,Alias\r\n${a},"Smith, Ann"\r\n`], 'aliases.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText(/Upload a CSV file/), file);
    await waitFor(() => expect(summary()).toMatch(/^1 row from aliases\.csv checked in .*1 ready, 0 with problems\.$/));
    expect(screen.getByText('Smith, Ann')).toBeTruthy();
  });
});

describe('bulk removal from a CSV', () => {
  it('asks before removing, sends the NPIs in one request, and shows removed and not found rows', async () => {
    const user = userEvent.setup();
    const [a, b] = [validNpi(1), validNpi(2)];
    const { gateway } = renderManagedProviders('/config/acme/managed-providers/aliases/remove', {
      handlers: {
        ProviderLookup: lookupOf(new Set([a, b])),
        RemoveProviderLinks: batchAnswer('removeProviderLinks', (npi) => (npi === a ? 'REMOVED' : 'NOT_FOUND')),
      },
    });
    paste(`npi\n${a},ignored value\n${b}`);
    await waitFor(() => expect(summary()).toMatch(/2 ready/));
    await user.click(screen.getByRole('button', { name: 'Remove 2 aliases' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(gateway.sent.some((request) => request.operationName === 'RemoveProviderLinks')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 aliases' }));
    await screen.findByRole('region', { name: 'Row results' });
    const removals = gateway.sent.filter((request) => request.operationName === 'RemoveProviderLinks');
    expect(removals.map((request) => request.variables.npis)).toEqual([[a, b]]);
    const rows = within(screen.getByRole('region', { name: 'Row results' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['Removed', 'Not found']);
  });

  it('tells an operator when the organization has not licensed the feature', async () => {
    renderManagedProviders('/config/globex/managed-providers/aliases/remove', {
      role: 'systemAdmin',
      user: { organizationId: 'meridian' },
      handlers: {
        ProviderLinksProbe: () => FEATURE_UNAVAILABLE_ANSWER,
        ManagedProvidersOrganizationName: () => ({ organization: null }),
      },
    });
    await screen.findByText(MESSAGES.featureUnavailable);
    expect(screen.queryByLabelText('Or paste CSV text')).toBeNull();
  });
});
