import { deliveryDayForm, orderDeliveryDayTexts } from '../../domain/orderDeliveryDay';
import { orderIdOf } from './auth';
import type { ApiCall, PageForm } from './types';
import { answerMessage } from './types';

/**
 * The order page's forms that work without JavaScript. "Change day" (issue 34, item 6): the
 * same PUT /api/orders/{id}/delivery-day the page's script sends, with the order's token from the
 * page's address when it has one (otherwise the cookie this browser kept for the order, or the
 * owner's session, opens it, as for the page itself). Success: back to the order page with "Your
 * delivery day is now …"; a refusal renders the order page again with the API's message.
 */
export const orderForms: readonly PageForm[] = [
  {
    intent: deliveryDayForm.intent,
    paths: /^\/order\/[^/]+$/,
    call: (fields, page): ApiCall => {
      const token = page.searchParams.get('token') ?? '';
      return {
        method: 'PUT',
        path: `/api/orders/${encodeURIComponent(orderIdOf(page))}/delivery-day`,
        // An absent or malformed day goes on as it came: the API answers with its own message.
        body: { [deliveryDayForm.field]: fields.get(deliveryDayForm.field) ?? '' },
        ...(token === '' ? {} : { headers: { 'x-order-token': token } }),
      };
    },
    success: (answer, _fields, page) => ({
      location: `${page.pathname}${page.search}`,
      notice: answerMessage(answer, orderDeliveryDayTexts.loaded),
    }),
    keep: [deliveryDayForm.field],
  },
];
