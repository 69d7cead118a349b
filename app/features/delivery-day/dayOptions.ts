import { dayInWords, type IsoDay } from '../../../api/domain/deliveryCalendar';
import {
  orderDeliveryDayTexts as texts,
  type OrderDeliveryDays,
} from '../../../api/domain/orderDeliveryDay';
import type { DayPickerOption } from '../../../ui';

/**
 * One day card: "Fri" over "11 Dec", the full words for screen readers, an optional note under
 * the date, disabled when it cannot be chosen (checkout's day cards are made the same way).
 */
export function dayCard(
  day: IsoDay,
  note: string | undefined,
  isDisabled: boolean,
): DayPickerOption {
  const label = dayInWords(day);
  const [weekday = '', date = '', month = ''] = label.split(' ');
  return {
    value: day,
    label,
    weekday: weekday.slice(0, 3),
    date: `${date} ${month.slice(0, 3)}`,
    ...(note ? { note } : {}),
    ...(isDisabled ? { isDisabled } : {}),
  };
}

/**
 * The day cards of "Change delivery day": the order's own day (always there and choosable, with
 * "Your day": its room is the order's), then every day it can move to, earliest first; a day
 * without room is shown "Full" and cannot be chosen.
 */
export function changeDayOptions(days: OrderDeliveryDays): DayPickerOption[] {
  const offered = days.days.map(({ day, free }) => ({ day, free }));
  const current = days.current;
  if (current !== null && !offered.some(({ day }) => day === current)) {
    offered.push({ day: current, free: true });
    offered.sort((a, b) => a.day.localeCompare(b.day));
  }
  return offered.map(({ day, free }) =>
    day === current
      ? dayCard(day, texts.yourDay, false)
      : dayCard(day, free ? undefined : texts.fullNote, !free),
  );
}

/** Whether `day` is one of the cards that can be chosen. */
export function isChoosable(days: OrderDeliveryDays, day: string | null | undefined): boolean {
  if (!day) return false;
  return changeDayOptions(days).some((option) => option.value === day && !option.isDisabled);
}
