import type { Job } from '@ute/contract';
import { DetailsDialog, ImageThumbnail } from '../../components/ui';
import { ListingStatus, RecordNotes, rejectionFields } from '../../domain';
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';

/** 'Job Details': every field and the job images, or 'No images available' (docs/product.md, Job Listings). */
export function JobDetailsDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  return (
    <DetailsDialog
      open={job !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Job Details"
      fields={
        job
          ? [
              { label: 'Title', value: job.title },
              { label: 'JOB ID', value: job.jobId },
              { label: 'Description', value: job.description?.trim() || 'No description' },
              { label: 'State', value: orNA(job.state) },
              { label: 'Location', value: orNA(job.location) },
              { label: 'Work Schedule', value: listOrNA(job.workSchedule) },
              { label: 'Budget', value: formatBudget(job.budget) },
              { label: 'Created Date', value: formatDateTime(job.createdAt) },
              { label: 'Status', value: <ListingStatus recordType="job" listing={job} /> },
              ...rejectionFields(job.rejection),
            ]
          : []
      }
    >
      {job && (
        <section aria-labelledby="job-images-heading" className="mt-6">
          <h3 id="job-images-heading" className="mb-2 text-sm font-semibold text-slate-900">
            Job Images
          </h3>
          {job.jobImg.length > 0 ? (
            <ul className="flex flex-wrap gap-3">
              {job.jobImg.map((file, index) => (
                <li key={file + index}>
                  <ImageThumbnail src={imageUrl.job(file)} alt={`${job.title} image ${index + 1}`} size={112} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">No images available</p>
          )}
        </section>
      )}
      {job && <RecordNotes recordType="job" recordId={job._id} />}
    </DetailsDialog>
  );
}
