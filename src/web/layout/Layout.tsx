import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useLoginNotice } from '../features/auth/public';
import { AppBar } from './AppBar';
import { Footer } from './Footer';
import { Menu } from './Menu';

// react-admin's layout is at least as wide as its content (`min-width: fit-content`), so one wide
// table (a CSV preview) widened the whole page past a phone's screen; held to the screen, such
// content scrolls inside its own box.
const FIT_SCREEN = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
};

export function Layout({ children }: { children: ReactNode }) {
  useLoginNotice();
  return (
    <RaLayout appBar={AppBar} menu={Menu} sx={FIT_SCREEN}>
      {children}
      <Footer />
    </RaLayout>
  );
}
