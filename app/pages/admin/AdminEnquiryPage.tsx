import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AdminEnquiry } from '../../../api/domain/adminApi';
import { Button, ButtonLink, Link, theme } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  ErrorNotice,
  errorMessage,
  Facts,
  formatWhen,
  LoadStatus,
  mailtoHref,
  Row,
  Saved,
  Section,
  Stack,
  useAdminLoad,
} from '../../features/admin';

const t = adminPageTexts.enquiry;

const Message = styled.blockquote`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.primary};
  background: ${theme.colors.surfaceAlt};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

function EnquiryView({
  enquiry,
  onEnquiry,
}: {
  enquiry: AdminEnquiry;
  onEnquiry: (enquiry: AdminEnquiry) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await adminApi.setEnquiryHandled(enquiry.id, !enquiry.handled);
      onEnquiry(answer.enquiry);
      setDone(answer.enquiry.handled ? t.markedHandled : t.markedNotHandled);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack data-wide="">
      <Facts
        items={[
          [t.received, formatWhen(enquiry.createdAt)],
          [t.name, enquiry.name],
          [t.company, enquiry.companyName],
          [t.email, <Link href={mailtoHref(enquiry.email, t.replySubject)}>{enquiry.email}</Link>],
          [
            t.telephone,
            enquiry.telephone ? (
              <Link href={`tel:${enquiry.telephone.replace(/\s+/g, '')}`}>{enquiry.telephone}</Link>
            ) : null,
          ],
          [t.address, enquiry.address],
          [
            t.status,
            enquiry.handled
              ? t.handledOn(formatWhen(enquiry.handledAt) || adminPageTexts.yes)
              : t.notHandled,
          ],
        ]}
      />
      <Section id="message" title={t.message}>
        <Message>{enquiry.message}</Message>
      </Section>
      {done ? <Saved>{done}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      <Row>
        <ButtonLink href={mailtoHref(enquiry.email, t.replySubject)}>{t.reply}</ButtonLink>
        <Button variant="secondary" onPress={() => void toggle()} isDisabled={busy}>
          {enquiry.handled ? t.markNotHandled : t.markHandled}
        </Button>
      </Row>
    </Stack>
  );
}

/** /admin/enquiries/:id: one enquiry, a reply by e-mail, and its handled flag. */
export default function AdminEnquiryPage() {
  const enquiryId = useParams().id ?? '';
  const load = useAdminLoad(`enquiry:${enquiryId}`, (signal) =>
    adminApi.enquiry(enquiryId, signal),
  );
  const enquiry = load.data?.enquiry ?? null;
  return (
    <AdminFrame
      title={enquiry ? t.title(enquiry.name) : t.pageTitle}
      back={{ href: '/admin/enquiries', label: t.back }}
    >
      <LoadStatus load={load} />
      {enquiry ? (
        <EnquiryView enquiry={enquiry} onEnquiry={(next) => load.setData({ enquiry: next })} />
      ) : null}
    </AdminFrame>
  );
}
