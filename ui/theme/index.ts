export * from './tokens';
export { theme, type FuelyardTheme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export { ThemeProvider, type ThemeProviderProps } from './ThemeProvider';
