import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Outlet, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import { site, telHref } from '../../../api/domain/site';
import { theme } from '../../../ui/theme';
import { DocumentMeta } from './DocumentMeta';
import { ErrorPage } from './ErrorPage';

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: ${theme.space[4]};
    top: ${theme.space[2]};
    z-index: ${theme.zIndices.loading};
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    padding: ${theme.space[2]} ${theme.space[4]};
  }
`;

const TopBar = styled.header`
  background: ${theme.colors.surfaceDark};
  color: ${theme.colors.onSurfaceDark};
  font-size: ${theme.fontSizes.sm};
  a {
    color: ${theme.colors.onSurfaceDark};
  }
`;

const Bar = styled.div`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[2]} ${theme.space[4]};
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[5]};
  align-items: center;
`;

const Brand = styled.div`
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  a {
    color: ${theme.colors.onPrimary};
    text-decoration: none;
    font-family: ${theme.fonts.heading};
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.xl};
  }
`;

const Main = styled.main`
  min-height: 60vh;
`;

const Footer = styled.footer`
  background: ${theme.colors.surfaceAlt};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};
`;

function Shell({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Lets tests (and monitoring) know the server HTML is now interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const year = new Date().getFullYear();
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <TopBar>
        <Bar>
          {site.offices.map((office) => (
            <span key={office.name}>
              {office.name}: <a href={telHref(office.phone)}>{office.phone}</a>
            </span>
          ))}
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </Bar>
      </TopBar>
      <Brand>
        <Bar>
          <a href="/">{site.companyName}</a>
        </Bar>
      </Brand>
      <Main id="main">{children}</Main>
      <Footer>
        <Bar>
          <p>{messages.footerNote}</p>
          <p>
            © {year} {site.legalName}
          </p>
        </Bar>
      </Footer>
    </>
  );
}

/** The default layout: top bar, header, the page, footer. */
export function SiteLayout() {
  return (
    <Shell>
      <DocumentMeta />
      <Outlet />
    </Shell>
  );
}

/** Errors inside a page keep the site's layout around them. */
export function PageErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <DocumentMeta error={error} />
      <ErrorPage error={error} />
    </>
  );
}

/** Errors in the layout itself (its loader) render the error page without it. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <Main id="main">
      <DocumentMeta error={error} />
      <ErrorPage error={error} />
    </Main>
  );
}
