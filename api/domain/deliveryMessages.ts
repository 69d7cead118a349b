/**
 * Checkout's messages about delivery days and priority delivery (not in the spec; issue 34). Kept
 * apart from `messages` (./messages.ts), which every page's first load carries: only checkout,
 * its form and the API need these.
 */
export const deliveryMessages = {
  /** Not in the spec: a `deliveryDay` that is not a day this order can be delivered (400). */
  deliveryDayInvalid: 'Choose a delivery day from the list.',
  /** Not in the spec: the chosen day filled up before the order was placed (409). */
  deliveryDayFull: (day: string, next: string) =>
    `${day} is now fully booked. The next free delivery day is ${next}: please choose a day again.`,
  /** Not in the spec: `deliveryService` is neither "standard" nor "priority" (400). */
  deliveryServiceInvalid: 'Choose standard or priority delivery.',
  /** Not in the spec: GET /api/checkout?priority= other than true or false (400). */
  priorityQueryInvalid: 'priority must be true or false.',
  /** Not in the spec: the next delivery day filled up before a priority order was placed (409). */
  priorityFull:
    'Priority delivery is fully booked for the next delivery day. Please choose standard delivery and a day.',
  /** Not in the spec: no day within the booking horizon has room (409, the cart is kept). */
  noDeliveryDay: (phones: string) =>
    `We have no free delivery day in the coming weeks. Your cart is kept: please call the office on ${phones} and we will arrange your delivery.`,
} as const;
