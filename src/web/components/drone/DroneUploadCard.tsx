// The Building step's entry to drone modelling (spec 001 §1 "Survey types": a drone project's
// building comes from its photos): a button that opens the upload dialog. Shown for projects whose
// survey type is DRONE.
import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DroneUploadDialog } from './DroneUploadDialog.tsx';

export interface DroneUploadCardProps {
  projectId: number;
  /** The modelling finished while the dialog was open (reload the building document). */
  onModelled?: () => void;
}

export function DroneUploadCard({ projectId, onModelled }: DroneUploadCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card size="small" title={t('drone.title')}>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} block data-testid="drone-open">
        {t('drone.open')}
      </Button>
      {open && <DroneUploadDialog projectId={projectId} open={open} onClose={() => setOpen(false)} onModelled={onModelled} />}
    </Card>
  );
}
