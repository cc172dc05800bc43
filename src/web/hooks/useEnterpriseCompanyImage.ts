// One company image (spec 001 §5, §9: the logo JPG or PNG, 170 × 40 px, at most 1 MB; the PPT
// profile or cover image JPG or PNG, at most 2 MB): checked in the browser first (format from the
// file's bytes, the logo's pixel size from the decoded picture), then uploaded; the server checks
// again and its message is shown in place when it refuses. Removing an image.
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyImageKind } from '../../model/api/enterprise.ts';
import { deleteCompanyImage, uploadCompanyImage, type Company } from '../api/enterprise.ts';
import { ApiError } from '../api/http.ts';
import { imageFormat, imageProblem, type ImageProblem } from '../components/enterprise/image-rules.ts';

/** The picture's pixel size, or null when the browser cannot decode it. */
async function pixelSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export type ImageState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'refused'; problem: ImageProblem } | { kind: 'failed'; message: string };

export function useEnterpriseCompanyImage(company: Company, kind: CompanyImageKind, onChanged: (c: Company) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [state, setState] = useState<ImageState>({ kind: 'idle' });

  const upload = useCallback(
    async (file: File) => {
      setState({ kind: 'busy' });
      const format = imageFormat(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
      const size = format && kind === 'logo' ? await pixelSize(file) : null;
      const problem = imageProblem(kind, { format, bytes: file.size, size });
      if (problem) {
        setState({ kind: 'refused', problem });
        return;
      }
      try {
        onChanged(await uploadCompanyImage(company.id, kind, file, file.name));
        setState({ kind: 'idle' });
        void message.success(t('enterprise.companies.uploaded'));
      } catch (e) {
        setState({ kind: 'failed', message: e instanceof ApiError ? e.message : t('errors.uploadFailed') });
      }
    },
    [company.id, kind, onChanged, message, t],
  );

  const remove = useCallback(async () => {
    try {
      onChanged(await deleteCompanyImage(company.id, kind));
      setState({ kind: 'idle' });
    } catch {
      // the client showed the error
    }
  }, [company.id, kind, onChanged]);

  return { state, upload, remove };
}
