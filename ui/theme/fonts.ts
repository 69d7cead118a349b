/**
 * Self-hosted fonts (no font CDN): Open Sans for body text, Merriweather for headings.
 * Import this once from an entry point (the app's client entry, Storybook's preview).
 */
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import '@fontsource/merriweather/latin-400.css';
import '@fontsource/merriweather/latin-700.css';
