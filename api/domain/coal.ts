/** The icon for a coal category, derived from its slug (SPEC §3). */
export const coalCategoryIcons = {
  'best-sellers': 'best-sellers',
  'coal-and-non-smokeless-fuels': 'open-fire',
  'gravity-fed-fuel': 'gravity-fed',
  'smokeless-fuels': 'smokeless',
} as const;

export type CoalIcon = (typeof coalCategoryIcons)[keyof typeof coalCategoryIcons] | 'check';

export function coalIconForSlug(slug: string): CoalIcon {
  return Object.hasOwn(coalCategoryIcons, slug)
    ? coalCategoryIcons[slug as keyof typeof coalCategoryIcons]
    : 'check';
}
