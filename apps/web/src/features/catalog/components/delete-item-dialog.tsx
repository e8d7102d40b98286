import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

export interface DeleteItemDialogProps {
  isOpen: boolean;
  /** "Delete Project" or "Delete 3D Model". */
  title: string;
  itemName: string;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteItemDialog({ isOpen, title, itemName, isDeleting, onCancel, onConfirm }: DeleteItemDialogProps) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`${title}?`}
      confirmLabel="Delete"
      variant="danger"
      isBusy={isDeleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>“{itemName}” will be removed from your projects, with its versions. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
