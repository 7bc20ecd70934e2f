import { Toaster } from '@paycadence/web-kit';
import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollManager } from './ScrollManager';
import { ReminderZoneKeeper } from '../auth/ReminderZoneKeeper';
import { ZenWidget } from '../zen/ZenWidget';
import { UpdateNotice } from '../pwa/UpdateNotice';
import { appUpdateChannel } from '../pwa/service-worker';

/** The frame every route renders in: skip link, header, main, footer (docs/product/accounts.md §2). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="pc-app">
      <a href="#main-content" className="pc-skip-link">
        Skip to content
      </a>
      <ScrollManager />
      <Header />
      <main id="main-content" className="pc-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Toaster />
      <ZenWidget />
      <ReminderZoneKeeper />
      <UpdateNotice channel={appUpdateChannel()} />
    </div>
  );
}
