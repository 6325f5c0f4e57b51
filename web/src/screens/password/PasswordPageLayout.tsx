import { Card, Elevation, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../layout/page-title.js';

export interface PasswordPageLayoutProps {
  /** The page's heading, and its part of the title '{product} | {page}'. */
  title: string;
  children: ReactNode;
}

/** The password pages stand alone (no shell): one card in the middle of the page. */
export function PasswordPageLayout({ title, children }: PasswordPageLayoutProps) {
  usePageTitle(title);
  return (
    <main style={{ display: 'flex', justifyContent: 'center', padding: '10vh 16px' }}>
      <Card elevation={Elevation.TWO} style={{ width: '100%', maxWidth: 440 }}>
        <H1 style={{ fontSize: 24, marginBottom: 20 }}>{title}</H1>
        {children}
      </Card>
    </main>
  );
}
