import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { SHIPMENT_STATUSES, type Shipment, type ShipmentUpdateBody } from '@ute/contract';
import { Button, Field, fieldClass, PageHeader, Spinner, StatusBadge } from '../../components/ui';
import { RecordNotes } from '../../domain';
import { ApiError } from '../../lib/apiClient';
import { formatAud, formatDateTime, orNA } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useShipment, useUpdateShipment } from './api';
import { quoteView, shipmentTone, toLocalInputValue, type QuoteContact } from './quoteView';

function BackToQuotes() {
  return (
    <Link to="/quotes" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Quotes
    </Link>
  );
}

/** A read-only field of the shipment: its name above its value. */
function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function contactText(contact: QuoteContact): string {
  const parts = [contact.name, contact.email, contact.phone].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : 'Not Available';
}

/** docs/design.md decision 8: the shipment screen an accepted quote opens. */
export function ShipmentPage() {
  const { id = '' } = useParams();
  const shipment = useShipment(id);

  if (shipment.isPending) return <Spinner label="Loading shipment" />;
  if (shipment.isError) {
    const isMissing = shipment.error instanceof ApiError && (shipment.error.status === 404 || shipment.error.status === 400);
    return (
      <section>
        <BackToQuotes />
        <PageHeader title="Shipment" />
        <p className="text-red-700">{isMissing ? 'Shipment not found' : errorText(shipment.error)}</p>
      </section>
    );
  }
  const data = shipment.data;
  const view = quoteView(data);
  return (
    <section>
      <BackToQuotes />
      <PageHeader title={`Shipment ${data.shipmentId}`}>
        <StatusBadge label={data.status} tone={shipmentTone(data.status)} />
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Details</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
            <Detail label="Status">{data.status}</Detail>
            <Detail label="Vehicle Type">{orNA(data.vehicleType)}</Detail>
            <Detail label="Order Date & Time">{formatDateTime(data.orderDate)}</Detail>
            <Detail label="Pickup Date & Time">{formatDateTime(data.pickUpDateAndTime)}</Detail>
            <Detail label="Collection Address">{view.from}</Detail>
            <Detail label="Delivery Address">{view.to}</Detail>
            <Detail label="Email">{view.email}</Detail>
            <Detail label="Quoted Price">{data.price === null ? 'Not quoted yet' : formatAud(data.price)}</Detail>
            <Detail label="Collection Contact">{contactText(view.collectionContact)}</Detail>
            <Detail label="Delivery Contact">{contactText(view.deliveryContact)}</Detail>
            <Detail label="Notes" className="sm:col-span-2">
              <span className="whitespace-pre-wrap">{orNA(data.notes)}</span>
            </Detail>
          </dl>
        </div>
        <ShipmentUpdateForm key={`${data._id}:${data.status}:${data.notes ?? ''}:${data.pickUpDateAndTime ?? ''}`} shipment={data} />
      </div>
      <div className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 [&>section]:mt-0 [&>section]:border-t-0 [&>section]:pt-0">
        <RecordNotes recordType="quote" recordId={data._id} />
      </div>
    </section>
  );
}

function ShipmentUpdateForm({ shipment }: { shipment: Shipment }) {
  const update = useUpdateShipment(shipment._id);
  const [status, setStatus] = useState(shipment.status);
  const [notes, setNotes] = useState(shipment.notes ?? '');
  const [pickUp, setPickUp] = useState(toLocalInputValue(shipment.pickUpDateAndTime));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const body: ShipmentUpdateBody = {};
    if (status !== shipment.status) body.status = status as ShipmentUpdateBody['status'];
    if (notes !== (shipment.notes ?? '')) body.notes = notes;
    if (pickUp && pickUp !== toLocalInputValue(shipment.pickUpDateAndTime)) body.pickUpDateAndTime = new Date(pickUp).toISOString();
    update.mutate({ ...body, version: shipment.version });
  };

  const statuses: readonly string[] = SHIPMENT_STATUSES.includes(shipment.status as (typeof SHIPMENT_STATUSES)[number])
    ? SHIPMENT_STATUSES
    : [shipment.status, ...SHIPMENT_STATUSES];
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">Update Shipment</h2>
      <Field label="Status">
        {(id) => (
          <select id={id} value={status} onChange={(event) => setStatus(event.target.value)} className={fieldClass}>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Pickup Date & Time">
        {(id) => <input id={id} type="datetime-local" value={pickUp} onChange={(event) => setPickUp(event.target.value)} className={fieldClass} />}
      </Field>
      <Field label="Notes">
        {(id) => <textarea id={id} value={notes} onChange={(event) => setNotes(event.target.value)} rows={4} className={fieldClass} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" aria-disabled={update.isPending || undefined}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
