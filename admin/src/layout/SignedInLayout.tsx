import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout as RaLayout, useSidebarState } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/**
 * The navigation is permanent (and always open) from the 'sm' breakpoint up, and a temporary
 * drawer behind the menu button below it, closed whenever the screen becomes small.
 */
function useSidebarFollowsBreakpoint() {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const wasXSmall = useRef(isXSmall);
  useEffect(() => {
    if (!isXSmall && !open) setOpen(true);
    if (isXSmall && !wasXSmall.current) setOpen(false);
    wasXSmall.current = isXSmall;
  }, [isXSmall, open, setOpen]);
}

/** The shell of signed-in pages: header, side navigation, content. Loaded after sign-in only. */
const SignedInLayout = ({ children }: { children: ReactNode }) => {
  useSidebarFollowsBreakpoint();
  return (
    <RaLayout appBar={AppBar} menu={Menu} appBarAlwaysOn sx={{ '& .RaLayout-content': { paddingInline: { xs: 1, sm: 2 }, paddingBlockEnd: 3 } }}>
      {children}
    </RaLayout>
  );
};

export default SignedInLayout;
