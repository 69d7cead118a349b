/**
 * The order page's "Change delivery day" (issue 34, item 6): the section and its form, the API
 * calls behind it and the days it shows.
 */
export { ChangeDeliveryDay, type ChangeDeliveryDayProps } from './ChangeDeliveryDay';
export { changeDayOptions, dayCard, isChoosable } from './dayOptions';
export {
  DeliveryDayNetworkError,
  fetchDeliveryDays,
  putDeliveryDay,
  type DeliveryDayAnswer,
  type DeliveryDayChange,
  type DeliveryDaysSource,
} from './deliveryDayApi';
export { useDeliveryDays } from './useDeliveryDays';
