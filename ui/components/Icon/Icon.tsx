import type { ReactNode, SVGProps } from 'react';

/**
 * Fuelyard's icon set: simple original glyphs on a 24×24 grid that inherit the current text colour
 * (`currentColor`) and, by default, the current text size (`1em`).
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'> {
  /** Width and height in px, or any CSS length (default `1em`, so icons follow the text size). */
  size?: number | string;
  /**
   * An accessible name. Without it the icon is decorative and hidden from assistive technology,
   * which is right whenever a visible label or the control's own label already says what it means.
   */
  title?: string;
}

export interface IconBaseProps extends IconProps {
  /** The glyph's shapes, drawn on a 24×24 grid. */
  children: ReactNode;
  /** A stable name, written to `data-icon` (useful for tests and styling). */
  name: string;
  /**
   * `outline` strokes the shapes (the default for UI icons); `solid` fills them (brand glyphs).
   */
  kind?: 'outline' | 'solid';
}

/**
 * The one wrapper every icon shares: sizing, colour and accessibility. Decorative by default
 * (`aria-hidden`); with a `title` it becomes `role="img"` with that accessible name.
 */
export function Icon({
  size = '1em',
  title,
  children,
  name,
  kind = 'outline',
  ...rest
}: IconBaseProps) {
  const paint =
    kind === 'solid'
      ? { fill: 'currentColor', stroke: 'none' }
      : {
          fill: 'none',
          stroke: 'currentColor',
          strokeWidth: 2,
          strokeLinecap: 'round' as const,
          strokeLinejoin: 'round' as const,
        };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      {...paint}
      focusable="false"
      data-icon={name}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      {children}
    </svg>
  );
}

/** Builds a named icon component on top of `Icon`. */
function createIcon(name: string, paths: ReactNode, kind: IconBaseProps['kind'] = 'outline') {
  function NamedIcon(props: IconProps) {
    return (
      <Icon name={name} kind={kind} {...props}>
        {paths}
      </Icon>
    );
  }
  NamedIcon.displayName = `${name}Icon`;
  return NamedIcon;
}

/* ---- Interface icons ---------------------------------------------------------------------- */

export const CloseIcon = createIcon('Close', <path d="M6 6l12 12M18 6L6 18" />);
export const ChevronDownIcon = createIcon('ChevronDown', <path d="M6 9l6 6 6-6" />);
export const ChevronRightIcon = createIcon('ChevronRight', <path d="M9 6l6 6-6 6" />);
export const CheckIcon = createIcon('Check', <path d="M5 12.5l4.5 4.5L19 7.5" />);
export const MailIcon = createIcon(
  'Mail',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </>,
);
export const PhoneIcon = createIcon(
  'Phone',
  <path d="M5 3.5h3.2l1.6 4-2 1.3a11 11 0 005.4 5.4l1.3-2 4 1.6V17a2.5 2.5 0 01-2.5 2.5A15.5 15.5 0 012.5 6 2.5 2.5 0 015 3.5z" />,
);
export const MenuIcon = createIcon('Menu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const CartIcon = createIcon(
  'Cart',
  <>
    <path d="M3 4h2.2l2.3 11h10.7l2-8H6.3" />
    <circle cx="9" cy="19.5" r="1.5" />
    <circle cx="17" cy="19.5" r="1.5" />
  </>,
);
export const UserIcon = createIcon(
  'User',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5a8 8 0 0116 0" />
  </>,
);
export const InfoIcon = createIcon(
  'Info',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </>,
);
export const SuccessIcon = createIcon(
  'Success',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.7 2.7L16 10" />
  </>,
);
export const WarningIcon = createIcon(
  'Warning',
  <>
    <path d="M12 3.5l9.5 16.5h-19z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </>,
);
export const DangerIcon = createIcon(
  'Danger',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5V13M12 16.5v.01" />
  </>,
);
export const FlameIcon = createIcon(
  'Flame',
  <path d="M12 21c-3.9 0-6.5-2.6-6.5-6.1 0-3.7 3-5.6 3.9-9.4 2.6 1.4 3.3 3.8 3.1 5.6 1-.6 1.8-1.7 2-3 1.9 1.6 4 4 4 6.8 0 3.5-2.6 6.1-6.5 6.1z" />,
);

/** A payment card with a magnetic stripe. */
export const CardIcon = createIcon(
  'Card',
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 9.5h19M6 15h4" />
  </>,
);

/** A closed padlock: secure payments. */
export const LockIcon = createIcon(
  'Lock',
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 018 0v3M12 14.5v2" />
  </>,
);

/* ---- Coal category icons (SPEC §3) -------------------------------------------------------- */

/** A rosette with a star: the best sellers. */
export const BestSellersIcon = createIcon(
  'BestSellers',
  <>
    <circle cx="12" cy="9" r="6" />
    <path d="M8.6 13.9L7.2 21l4.8-2.6 4.8 2.6-1.4-7.1" />
    <path
      d="M12 5.9l.95 1.95 2.1.3-1.5 1.5.35 2.1L12 10.75l-1.9 1 .35-2.1-1.5-1.5 2.1-.3z"
      strokeWidth={1.4}
    />
  </>,
);

/** A flame over a fire grate: coal and non-smokeless fuels for open fires. */
export const OpenFireIcon = createIcon(
  'OpenFire',
  <>
    <path d="M12 17.5c-2.9 0-4.7-1.9-4.7-4.3 0-2.7 2.1-4.1 2.8-6.8 1.9 1 2.4 2.8 2.2 4.1.75-.45 1.35-1.25 1.5-2.2 1.4 1.2 2.9 2.9 2.9 4.9 0 2.4-1.8 4.3-4.7 4.3z" />
    <path d="M3.5 20.5h17M6 20.5v-3M18 20.5v-3" />
  </>,
);

/** A hopper feeding a boiler: gravity-fed fuel. */
export const GravityFedIcon = createIcon(
  'GravityFed',
  <>
    <path d="M6.5 3h11l-3 4.5h-5z" />
    <path d="M12 7.5v2" />
    <rect x="4.5" y="9.5" width="15" height="11.5" rx="1.5" />
    <path d="M9 14h6v4H9z" />
  </>,
);

/** A struck-through cloud of smoke: smokeless fuels. */
export const SmokelessIcon = createIcon(
  'Smokeless',
  <>
    <path d="M7.5 18.5a3.75 3.75 0 01-.4-7.48 5.25 5.25 0 0110.1 1.23A3.13 3.13 0 0117 18.5z" />
    <path d="M4 4l16 16" />
  </>,
);

/* ---- Social glyphs (solid, simplified) ------------------------------------------------------ */

export const FacebookIcon = createIcon(
  'Facebook',
  <path d="M13.5 21.5v-7.6h2.6l.4-3h-3V9.1c0-.9.3-1.5 1.5-1.5h1.6V4.9c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V11H7.8v3h2.6v7.5z" />,
  'solid',
);

export const InstagramIcon = createIcon(
  'Instagram',
  <>
    <path
      fillRule="evenodd"
      d="M8.5 3h7A5.5 5.5 0 0121 8.5v7a5.5 5.5 0 01-5.5 5.5h-7A5.5 5.5 0 013 15.5v-7A5.5 5.5 0 018.5 3zm0 2A3.5 3.5 0 005 8.5v7A3.5 3.5 0 008.5 19h7a3.5 3.5 0 003.5-3.5v-7A3.5 3.5 0 0015.5 5zM12 7.5a4.5 4.5 0 110 9 4.5 4.5 0 010-9zm0 2a2.5 2.5 0 100 5 2.5 2.5 0 000-5z"
    />
    <circle cx="17" cy="7" r="1.2" />
  </>,
  'solid',
);

export const XSocialIcon = createIcon(
  'X',
  <>
    <path d="M3.5 3.5h5l12 17h-5z" />
    <path d="M19.2 3.5h1.9l-6.6 7.6-1-1.4zM4.8 20.5H2.9l7-8 1 1.4z" />
  </>,
  'solid',
);

/* ---- Maps --------------------------------------------------------------------------------- */
// Frozen: nothing may add a key to a map that is read with Object.keys (Storybook's docs tooling
// tags every exported value with `displayName` and `__docgenInfo`, which would list as icons).

/** Every icon, for the gallery story and for pickers. */
export const icons = Object.freeze({
  Close: CloseIcon,
  ChevronDown: ChevronDownIcon,
  ChevronRight: ChevronRightIcon,
  Check: CheckIcon,
  Mail: MailIcon,
  Phone: PhoneIcon,
  Menu: MenuIcon,
  Cart: CartIcon,
  User: UserIcon,
  Info: InfoIcon,
  Success: SuccessIcon,
  Warning: WarningIcon,
  Danger: DangerIcon,
  Flame: FlameIcon,
  Card: CardIcon,
  Lock: LockIcon,
  BestSellers: BestSellersIcon,
  OpenFire: OpenFireIcon,
  GravityFed: GravityFedIcon,
  Smokeless: SmokelessIcon,
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  X: XSocialIcon,
} as const);

export type IconName = keyof typeof icons;

/** The icon keys a coal category can carry (SPEC §3); anything else shows the check. */
export const coalCategoryIcons = Object.freeze({
  'best-sellers': BestSellersIcon,
  'open-fire': OpenFireIcon,
  'gravity-fed': GravityFedIcon,
  smokeless: SmokelessIcon,
  check: CheckIcon,
} as const);

export type CoalCategoryIconName = keyof typeof coalCategoryIcons;

export function isCoalCategoryIconName(value: string): value is CoalCategoryIconName {
  return Object.prototype.hasOwnProperty.call(coalCategoryIcons, value);
}

export interface CoalCategoryIconProps extends IconProps {
  /**
   * The category's icon key. Typed loosely on purpose: the key comes from data, and an unknown key
   * falls back to the default check icon instead of breaking the page.
   */
  icon: CoalCategoryIconName | (string & {});
}

/** The icon for a coal category: best-sellers, open-fire, gravity-fed, smokeless, else check. */
export function CoalCategoryIcon({ icon, ...rest }: CoalCategoryIconProps) {
  const Glyph = isCoalCategoryIconName(icon) ? coalCategoryIcons[icon] : CheckIcon;
  return <Glyph {...rest} />;
}

export const socialIcons = Object.freeze({
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  x: XSocialIcon,
} as const);

export type SocialNetwork = keyof typeof socialIcons;
