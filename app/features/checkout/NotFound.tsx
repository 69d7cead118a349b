import { DocumentMeta, ErrorPage } from '../layout';
import { messages } from '../../../api/domain/messages';

/**
 * The site's 404, for pages that learn only in the browser that an order is not theirs to see
 * (the API answers one 404 for an unknown id, a missing token and a wrong one).
 */
const notFound = {
  status: 404,
  statusText: 'Not Found',
  internal: false,
  data: messages.notFound.framework,
};

export function OrderNotFound() {
  return (
    <>
      <DocumentMeta error={notFound} />
      <ErrorPage error={notFound} />
    </>
  );
}
