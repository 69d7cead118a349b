import styled from 'styled-components';
import { Link, theme } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  LoadStatus,
  useAdminLoad,
} from '../../features/admin';

const t = adminPageTexts.home;

const Cards = styled.ul`
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: grid;
    gap: ${theme.space[2]};
    padding: ${theme.space[4]};
    border: 1px solid ${theme.colors.border};
    border-left: 6px solid ${theme.colors.primary};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surface};
  }
  & [data-count] {
    font-size: ${theme.fontSizes.xxl};
    font-weight: ${theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
    line-height: 1;
  }
`;

/** /admin: what needs doing (orders to deliver, unhandled enquiries, failed mail), with links. */
export default function AdminHomePage() {
  const summary = useAdminLoad('summary', (signal) => adminApi.summary(signal));
  const cards = summary.data
    ? [
        { label: t.toDeliver, count: summary.data.toDeliver, href: '/admin/orders?status=paid' },
        {
          label: t.unhandledEnquiries,
          count: summary.data.unhandledEnquiries,
          href: '/admin/enquiries?handled=false',
        },
        { label: t.failedMail, count: summary.data.failedMail, href: '/admin/mail?status=failed' },
      ]
    : [];
  return (
    <AdminFrame title={t.title} description={t.description}>
      <LoadStatus load={summary} />
      {summary.data ? (
        <Cards aria-label={t.summaryLabel}>
          {cards.map((card) => (
            <li key={card.href}>
              <span data-count="">{card.count.toLocaleString('en-GB')}</span>
              <Link href={card.href}>{card.label}</Link>
            </li>
          ))}
        </Cards>
      ) : null}
    </AdminFrame>
  );
}
