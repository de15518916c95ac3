import type { Ute } from '@ute/contract';
import { DetailsDialog, ImageThumbnail } from '../../components/ui';
import { ListingStatus, RecordNotes, rejectionFields } from '../../domain';
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';
import { formatLicenceExpiry } from './uteFormat';

/** 'UTE Details': every field, every image and the licence image (docs/product.md, UTE Management). */
export function UteDetailsDialog({ ute, onClose }: { ute: Ute | null; onClose: () => void }) {
  const label = ute?.fullName ?? ute?.uteId ?? 'UTE';
  return (
    <DetailsDialog
      open={ute !== null}
      onOpenChange={(open) => !open && onClose()}
      title="UTE Details"
      fields={
        ute
          ? [
              { label: 'Full Name', value: orNA(ute.fullName) },
              { label: 'UTE ID', value: ute.uteId },
              { label: 'Description', value: ute.description?.trim() || 'No description' },
              { label: 'Licence No.', value: orNA(ute.licenceNumber) },
              { label: 'Licence Expiry Date', value: formatLicenceExpiry(ute.licenceExpireDate) },
              { label: 'Service Cities', value: listOrNA(ute.serviceCity) },
              { label: 'State', value: orNA(ute.state) },
              { label: 'Location', value: orNA(ute.location) },
              { label: 'UTE Model', value: orNA(ute.uteModel) },
              { label: 'Chassis No.', value: orNA(ute.chesisNumber) },
              { label: 'Availability', value: listOrNA(ute.uteAvailble) },
              { label: 'Budget', value: formatBudget(ute.budget) },
              { label: 'Status', value: <ListingStatus recordType="ute" listing={ute} /> },
              ...rejectionFields(ute.rejection),
              { label: 'Created At', value: formatDateTime(ute.createdAt) },
            ]
          : []
      }
    >
      {ute && (
        <div className="mt-6 space-y-5">
          <section aria-labelledby="ute-images-heading">
            <h3 id="ute-images-heading" className="mb-2 text-sm font-semibold text-slate-900">
              UTE Images
            </h3>
            {ute.uteImages.length > 0 ? (
              <ul className="flex flex-wrap gap-3">
                {ute.uteImages.map((file, index) => (
                  <li key={file + index}>
                    <ImageThumbnail src={imageUrl.ute(file)} alt={`${label} image ${index + 1}`} size={112} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">No images available</p>
            )}
          </section>
          <section aria-labelledby="ute-licence-heading">
            <h3 id="ute-licence-heading" className="mb-2 text-sm font-semibold text-slate-900">
              Licence Image
            </h3>
            {ute.licenceImage ? <ImageThumbnail src={ute.licenceImage} alt={`${label} licence`} size={160} /> : <p className="text-sm text-slate-700">N/A</p>}
          </section>
        </div>
      )}
      {ute && <RecordNotes recordType="ute" recordId={ute._id} />}
    </DetailsDialog>
  );
}
