import { messages } from '../../../api/domain/messages';
import { site } from '../../../api/domain/site';
import { Footer, PaymentLogo } from '../../../ui';
import { Consent } from '../consent';
import { footerProductGroups, footerSiteLinks, paths } from '../navigation';
import { phones, useRootData } from './rootData';

const offices = site.offices.map((office) => ({ ...office }));

/**
 * The footer of the default and alternative layouts, and the analytics consent banner. A
 * deferred-hydration island (see islandParts.tsx).
 */
export default function SiteFooter({ layout }: { layout: 'default' | 'alternative' }) {
  const { coalCategories, year, analytics, paymentProvider } = useRootData();
  return (
    <>
      <Footer
        companyName={site.legalName}
        offices={offices}
        productGroups={layout === 'default' ? footerProductGroups(coalCategories) : []}
        siteLinks={footerSiteLinks}
        email={site.email}
        phones={phones}
        enquiryHref={paths.contact}
        paymentLogo={<PaymentLogo provider={paymentProvider} />}
        note={messages.footerNote}
        year={year}
      />
      <Consent analytics={analytics} />
    </>
  );
}
