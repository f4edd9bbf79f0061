import type { ListedPerson } from '@openvisit/contract';
import { Alert, App, Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadProblem } from '../../../core/faces/public';
import { ApiError } from '../../../platform/apiError';
import { displayError } from '../../../platform/notify';
import { isDuplicate, useSaveListed, useUploadListedPhoto } from '../api';
import { type EntryValues, entryInput, entryValues } from '../entry';
import type { ListKind } from '../kinds';
import { placeListedErrors, useListRules } from '../rules';
import { EntryFields } from './EntryFields';
import { ListedPhotoField, NewListedPhoto } from './ListedPhoto';
import { useOfferScreening, useScreeningOff } from './ScreeningSwitch';

/** The fields whose change may clear a "already on the list" notice. */
const IDENTIFIERS = ['phone', 'phones', 'credentialNo', 'credentialNos'];

/**
 * Adds a person to the blacklist or whitelist, or changes one (`editing`), checked as typed by the server's rules; in an
 * edit the numbers stand masked, and a mask left as it was keeps the number held.
 */
export function ListedPersonModal({
  kind,
  open,
  editing,
  onClose,
}: {
  kind: ListKind;
  open: boolean;
  editing: ListedPerson | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const held = useMemo(() => (editing ? editing.credentialNos : null), [editing]);
  const rules = useListRules(held);
  const save = useSaveListed(kind);
  const [form] = Form.useForm<EntryValues>();
  const initial = useMemo(() => entryValues(editing), [editing]);
  const [duplicate, setDuplicate] = useState(false);
  const screeningOff = useScreeningOff();
  const offerScreening = useOfferScreening();
  const [newPhoto, setNewPhoto] = useState<File | null>(null);
  const uploadPhoto = useUploadListedPhoto(kind);
  const uploadProblem = useUploadProblem();

  /** A new entry's chosen photo, sent once the entry exists; the entry stays saved when the photo is refused. */
  const sendPhoto = async (bid: number, name: string) => {
    if (!newPhoto) return;
    try {
      await uploadPhoto.mutateAsync({ bid, file: newPhoto });
    } catch (err) {
      void message.warning(t('blacklist.photo.notSaved', { name, problem: uploadProblem(err) ?? '' }));
    }
  };

  const submit = async (v: EntryValues) => {
    setDuplicate(false);
    const entry = entryInput({ ...initial, ...v }, editing);
    try {
      const saved = await save.mutateAsync({ bid: editing?.bid ?? null, entry });
      if (!editing) await sendPhoto(saved.bid, entry.name);
      void message.success(t(editing ? `blacklist.${kind}.updated` : `blacklist.${kind}.added`, { name: entry.name }));
      onClose();
      // Listed while screening is off, the person would still walk in: say so at once and offer to switch it on.
      if (kind === 'black' && !editing && screeningOff) offerScreening(t('blacklist.screening.offerAfterAdd', { name: entry.name }));
    } catch (err) {
      if (isDuplicate(err)) setDuplicate(true);
      else if (!placeListedErrors(form, err, t) && err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Modal
      title={t(editing ? `blacklist.${kind}.editTitle` : `blacklist.${kind}.addTitle`, { name: editing?.name ?? '' })}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending || uploadPhoto.isPending }}
      width={600}
      destroyOnHidden
    >
      {duplicate ? (
        <Alert type="error" showIcon data-testid="listed-duplicate" style={{ marginBottom: 16 }} title={t(`blacklist.${kind}.duplicate`)} />
      ) : null}
      <Form<EntryValues>
        form={form}
        name={`listed-${kind}`}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={(changed: Partial<EntryValues>) => {
          if (IDENTIFIERS.some((k) => k in changed)) setDuplicate(false);
        }}
        autoComplete="off"
      >
        <EntryFields rules={rules} editing={editing !== null} levels={kind === 'black'} />
      </Form>
      {editing ? <ListedPhotoField kind={kind} entry={editing} /> : <NewListedPhoto value={newPhoto} onChange={setNewPhoto} />}
    </Modal>
  );
}
