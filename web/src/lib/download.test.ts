import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from './download.js';

afterEach(() => vi.restoreAllMocks());

describe('downloadCsv', () => {
  it('saves the text as a UTF-8 CSV file with a byte order mark, through a temporary link, without a request', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:analytics-test';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    downloadCsv('analytics-users-by-role-2026-03-04.csv', 'Role,Active\r\nOrg User,3\r\n');

    expect(clicked).toEqual([
      { href: 'blob:analytics-test', download: 'analytics-users-by-role-2026-03-04.csv', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Role,Active\r\nOrg User,3\r\n');
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:analytics-test'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
