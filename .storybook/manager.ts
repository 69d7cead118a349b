import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';
import { colors } from '../ui/theme/tokens';

/** Fuelyard's name and colours on Storybook's own frame (the sidebar and toolbar). */
addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: 'Fuelyard design system',
    brandUrl: '?path=/docs/introduction--docs',
    brandTarget: '_self',
    colorPrimary: colors.primary,
    colorSecondary: colors.link,
  }),
});
