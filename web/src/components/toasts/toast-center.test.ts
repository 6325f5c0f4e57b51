import { describe, expect, it } from 'vitest';
import { ToastCenter } from './toast-center.js';

const messages = (center: ToastCenter) => center.list().map((toast) => toast.message as string);

describe('toasts of a page left behind', () => {
  it('go with it when the page changes: errors and infos of the default container', () => {
    const center = new ToastCenter();
    center.pageChanged('/admin/org-management/create');
    center.show({ type: 'error', message: 'The organization was not saved.', isInfinite: true });
    center.show({ type: 'info', message: 'Checking…' });
    center.show({ type: 'success', message: 'Acme Health saved.' });
    center.show({ type: 'error', message: 'Still syncing', containerId: 'background-sync' });
    center.show({ type: 'info', message: 'Your secret', containerId: 'secret-messages' });
    center.pageChanged('/admin/org-management/create');
    expect(messages(center)).toHaveLength(5);

    center.pageChanged('/admin/org-management');
    expect(messages(center)).toEqual(['Acme Health saved.', 'Still syncing', 'Your secret']);
  });

  it('keep a toast raised for the page being navigated to (a guard’s refusal)', () => {
    const center = new ToastCenter();
    center.pageChanged('/admin/org-management');
    center.show({ type: 'error', message: 'You do not have permission to view that page.', followsNavigation: true });
    center.pageChanged('/');
    expect(messages(center)).toEqual(['You do not have permission to view that page.']);
    // Raised on the new page, it goes when that page is left in turn.
    center.show({ type: 'error', message: 'Something went wrong on our end.' });
    center.pageChanged('/analytics');
    expect(messages(center)).toEqual(['You do not have permission to view that page.']);
  });
});
