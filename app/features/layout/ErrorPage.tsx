import styled from 'styled-components';
import { isRouteErrorResponse } from 'react-router-dom';
import { messages } from '../../../api/domain/messages';
import { theme } from '../../../ui/theme';

const Wrapper = styled.section`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
`;

export interface ErrorDetails {
  status: number;
  heading: string;
  text: string;
}

/** SPEC §2 error page texts: 404 "Page not found", anything else "An error occurred". */
export function describeError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, heading: messages.notFound.heading, text: messages.notFound.text };
    }
    const message =
      typeof error.data === 'string' && error.data !== '' ? error.data : error.statusText;
    return {
      status: error.status,
      heading: messages.error.heading,
      text: messages.error.text(message),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, heading: messages.error.heading, text: messages.error.text(message) };
}

export function ErrorPage({ error }: { error: unknown }) {
  const details = describeError(error);
  return (
    <Wrapper aria-labelledby="error-heading">
      <h1 id="error-heading">{details.heading}</h1>
      <p>{details.text}</p>
      <p>
        <a href="/">{messages.goBackHome}</a>
      </p>
    </Wrapper>
  );
}
