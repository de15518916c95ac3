import { useState, type FormEvent } from 'react';
import { Button, Field, fieldClass, Modal } from '../../components/ui';

/** 'Enter Price': a free text input (docs/product.md: the server checks the amount), Cancel and Submit. */
export function SendPriceDialog({
  open,
  isPending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  isPending: boolean;
  onSubmit: (price: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title="Enter Price" size="sm">
      <PriceForm isPending={isPending} onSubmit={onSubmit} onCancel={onClose} />
    </Modal>
  );
}

function PriceForm({ isPending, onSubmit, onCancel }: { isPending: boolean; onSubmit: (price: string) => void; onCancel: () => void }) {
  const [price, setPrice] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    onSubmit(price.trim());
  };
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field label="Price (AUD)">
        {(id) => (
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            placeholder="Enter Price"
            className={fieldClass}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={isPending || undefined}>
          Submit
        </Button>
      </div>
    </form>
  );
}
