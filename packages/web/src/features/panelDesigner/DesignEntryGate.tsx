import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { DesignEntryNotice } from './DesignEntryNotice';
import { useDesignEntry } from './useDesignAccess';

/**
 * Wraps a design screen (instruments, visits, dictionaries, publishing): on opening, the session moves to a
 * role that may design and into the development environment (spec 000 §4.3, §6), so the buttons work
 * without a manual switch. A user who may not design still reads the screen; a project without a
 * development environment shows why, above the screen.
 */
export function DesignEntryGate({ children }: { children: ReactNode }) {
  const entry = useDesignEntry(true);
  if (entry.access === 'checking') return <Spin style={{ display: 'block', marginTop: 80 }} data-testid="design-entry-checking" />;
  if (entry.access === 'noDevEnv') {
    return (
      <>
        <DesignEntryNotice entry={entry} />
        {children}
      </>
    );
  }
  return children;
}

/** The design screens' layout route: the entry checks above, then the screen. */
export function DesignEntryLayout() {
  return (
    <DesignEntryGate>
      <Outlet />
    </DesignEntryGate>
  );
}
