export {
  Badge,
  BestsellerBadge,
  badgeText,
  defaultBadgeLabel,
  type BadgeProps,
  type BadgeTone,
  type BestsellerBadgeProps,
} from './Badge';
