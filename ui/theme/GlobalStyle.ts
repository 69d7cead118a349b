import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    font-size: ${theme.fontSizes.base};
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: 1rem;
    line-height: ${theme.lineHeights.normal};
    color: ${theme.colors.ink};
    background: ${theme.colors.surface};
    -webkit-font-smoothing: antialiased;
  }

  h1, h2, h3, h4, h5, h6 {
    font-family: ${theme.fonts.heading};
    font-weight: ${theme.fontWeights.bold};
    line-height: ${theme.lineHeights.tight};
    margin: 0 0 ${theme.space[4]};
  }

  h1 { font-size: ${theme.fontSizes.xxl}; }
  h2 { font-size: ${theme.fontSizes.xl}; }
  h3 { font-size: ${theme.fontSizes.lg}; }

  p { margin: 0 0 ${theme.space[4]}; }

  a {
    color: ${theme.colors.link};
    text-underline-offset: 0.15em;
  }
  a:hover { color: ${theme.colors.linkHover}; }

  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  img, svg { max-width: 100%; }

  ${theme.media.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
