import { offers, pageMeta, retentionWords } from '@vectrace/contract';
import { productName } from '../components/layout/brand';
import { PageSection, StaticPage } from '../components/layout/static-page';

const supportEmail = 'support@vectrace.app';

/** Terms of Service: what is bought, for how long, cancelling, refunds, files and fair use. */
export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Service"
      metaTitle={pageMeta['/terms'].title}
      description={pageMeta['/terms'].description}
      intro={
        <p>
          These terms apply when you convert images with {productName}, pay for a result or subscribe to Pro.
        </p>
      }
    >
      <PageSection id="what-you-buy" title="1. What you buy">
        <p>
          Uploading, converting and previewing are free. A payment of {offers['pay-per-use'].price} unlocks
          one image: every conversion of that upload, with any settings, can be downloaded while its files are
          kept ({retentionWords} of the upload), without paying again. Pro costs {offers.pro.price} per month
          and unlocks the downloads of every conversion made while you are subscribed.
        </p>
      </PageSection>
      <PageSection id="cancelling" title="2. Cancelling Pro">
        <p>
          You can cancel Pro at any time from your account page. Pro then lasts until the end of the month you
          have paid for and does not renew. Conversions completed while you were Pro stay downloadable for as
          long as their files are kept.
        </p>
      </PageSection>
      <PageSection id="refunds" title="3. Refunds">
        <p>
          If a result you paid for cannot be used (the conversion is wrong in a way no setting fixes, or the
          download fails), write to {supportEmail} within 7 days of the payment and we refund it in full. The
          first month of Pro is refunded in full on request within 7 days when you have downloaded nothing.
          Refunds go back to the card that paid.
        </p>
      </PageSection>
      <PageSection id="your-files" title="4. Your files">
        <p>
          Your images and results are yours. We keep them only to convert and deliver them, and delete them
          automatically {retentionWords} of the upload, or sooner when you delete a result. Download what you
          want to keep. You may use the results for any purpose, commercial included, provided you have the
          rights to the images you upload.
        </p>
      </PageSection>
      <PageSection id="fair-use" title="5. Fair use">
        <p>
          Do not upload images you have no right to use, and do not use the service to disrupt it for others.
          We may limit or refuse requests that would slow the service for everyone.
        </p>
      </PageSection>
      <PageSection id="changes" title="6. Changes">
        <p>
          When these terms change we say so on this page before the change takes effect. Payments already made
          keep the terms under which they were made.
        </p>
      </PageSection>
    </StaticPage>
  );
}
