/**
 * The state of the import confirm page: the file's preview (read again when another encoding, file
 * of a ZIP archive or sheet of a workbook is chosen), the column mapping, the header switch, what to do with existing contacts, the groups to
 * fill (a new one named after the campaign of an import for a campaign), and Start.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ZGroupName } from '../../../../../shared/schemas/groups.js';
import { familyOfType, useCampaignName } from '../../../api/campaigns.js';
import { toApiError } from '../../../api/errors.js';
import { createGroup, hasEditableMembers, useEveryGroup } from '../../../api/groups.js';
import { useFieldSchemas } from '../../../api/contacts.js';
import { previewImport, startImport, useImport, type ImportEncoding, type ImportPreviewChoice, type TImportKind, type TImportPreviewResponse } from '../../../api/imports.js';
import { showError } from '../../../components/error-dialog.js';
import { describeError } from '../../../errors/error-messages.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { contactPaths } from '../../../paths/contacts.js';
import { campaignGroupName, uploadedImportPath, type CampaignRef } from '../../../paths/campaign-import.js';

/** Where a column goes: a contact field's id, or null for "Don't import". */
export type Target = string | null;
/** A choice of the column selects. */
export type TargetOption = { value: string; label: string };

const PRIMARY_TARGETS = ['email', 'mobile', 'emailSubscribe', 'smsSubscribe'] as const;
/** The one column an unsubscribe list maps; null for a contact import. */
const ADDRESS_OF_KIND: Record<TImportKind, 'email' | 'mobile' | null> = { contacts: null, unsubscribedEmails: 'email', unsubscribedMobiles: 'mobile' };

export type ImportConfirmOptions = { id: string; campaign: CampaignRef | null; canReadGroups: boolean; canWriteGroups: boolean };

export function useImportConfirm({ id, campaign, canReadGroups, canWriteGroups }: ImportConfirmOptions) {
  const { t } = useTranslation(['contacts', 'errors']);
  const navigate = useNavigate();
  const { date } = useFormatters();
  const { schemas } = useFieldSchemas();
  const { job } = useImport(id);
  const kind = job?.kind ?? 'contacts';
  const address = ADDRESS_OF_KIND[kind];
  const { groups } = useEveryGroup(canReadGroups && address === null);
  const { name: campaignName } = useCampaignName(campaign ? familyOfType(campaign.type) : 'email', campaign?.id ?? null);
  const offersNewGroup = campaign !== null && canWriteGroups && address === null;
  // The new group's name, proposed once the campaign's name and the taken names are known.
  const [newGroupName, setNewGroupName] = useState<string | null>(null);
  const [isNewGroupChosen, setNewGroupChosen] = useState(true);
  // The group made by an earlier Start whose import then failed: a retry fills it rather than making another.
  const createdGroup = useRef<{ name: string; id: string } | null>(null);
  const [choice, setChoice] = useState<ImportPreviewChoice>({});
  const { preview, previewError, loading } = useImportPreview(id, choice);
  const [mapping, setMapping] = useState<Target[]>([]);
  const [hasHeader, setHasHeader] = useState(true);
  const [existing, setExisting] = useState<'update' | 'skip'>('update');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!offersNewGroup || newGroupName !== null || campaignName === undefined || !groups) return;
    const label = (name: string) => t('import.campaign.groupName', { name, date: date(new Date()) });
    setNewGroupName(campaignGroupName(campaignName, label, groups.map((group) => group.name)));
  }, [offersNewGroup, newGroupName, campaignName, groups, date, t]);

  // The guessed mapping, kept to the address column for an unsubscribe list.
  useEffect(() => {
    if (preview) setMapping(address ? preview.mapping.map((target) => (target === address ? target : null)) : preview.mapping);
  }, [preview, address]);

  const targets = useMemo<TargetOption[]>(
    () =>
      address
        ? [{ value: address, label: t(`import.target.${address}`) }]
        : [
            ...PRIMARY_TARGETS.map((target) => ({ value: target, label: t(`import.target.${target}`) })),
            ...(schemas ?? []).map((field) => ({ value: `field:${field.id}`, label: field.name })),
          ],
    [address, schemas, t],
  );
  const snapshotGroups = (groups ?? []).filter(hasEditableMembers);
  const badEncoding = previewError?.code === ERROR_CODES.IMPORT_BAD_ENCODING;
  const csvEncoding = preview?.format.format === 'csv' ? preview.format.encoding : undefined;

  const chooseTarget = (column: number, value: string) => {
    setProblem(null);
    setMapping((previous) => previous.map((target, index) => (index === column ? value || null : target)));
  };

  const changeNewGroupName = (name: string) => {
    setProblem(null);
    setNewGroupName(name);
  };

  const chooseGroup = (groupId: string, isChosen: boolean) =>
    setGroupIds((previous) => (isChosen ? [...previous, groupId] : previous.filter((item) => item !== groupId)));

  const isNewGroupUsed = offersNewGroup && isNewGroupChosen;
  // The new group's id, made now unless an earlier Start made it under the same name.
  const newGroupId = async (name: string): Promise<string> => {
    if (createdGroup.current?.name !== name) createdGroup.current = { name, id: (await createGroup({ type: 'S', name })).id };
    return createdGroup.current.id;
  };

  const start = async () => {
    if (address && !mapping.includes(address)) return setProblem(t(`import.confirm.needs.${address}`));
    if (!mapping.includes('email') && !mapping.includes('mobile')) return setProblem(t('import.confirm.needsEmailOrMobile'));
    const groupName = ZGroupName.safeParse(newGroupName ?? '');
    if (isNewGroupUsed && !groupName.success) return setProblem(t('import.campaign.needsGroupName'));
    // The campaign includes the groups the import fills: without one, it would gain no recipients.
    if (campaign && canReadGroups && !isNewGroupUsed && groupIds.length === 0) return setProblem(t('import.campaign.needsGroup'));
    setStarting(true);
    try {
      const targetIds = isNewGroupUsed && groupName.success ? [await newGroupId(groupName.data), ...groupIds] : groupIds;
      await startImport(id, address ? { mapping, hasHeader, existing: 'update', groupIds: [] } : { mapping, hasHeader, existing, groupIds: targetIds });
      navigate(campaign && address === null ? uploadedImportPath(campaign, { importId: id, groupIds: targetIds }) : contactPaths.importReport(id));
    } catch (error) {
      showError(error);
      setStarting(false);
    }
  };

  return {
    kind,
    address,
    preview,
    previewError,
    /** The file could not be read in the guessed encoding: choosing another is the way on. */
    badEncoding,
    loading,
    encoding: choice.encoding,
    csvEncoding,
    showEncoding: badEncoding || csvEncoding !== undefined,
    setEncoding: (encoding: ImportEncoding) => setChoice((previous) => ({ ...previous, encoding })),
    /** Another file of the archive is another file: its encoding and sheet are found afresh. */
    chooseEntry: (entry: string) => setChoice({ entry }),
    chooseSheet: (sheet: string) => setChoice((previous) => ({ ...previous, sheet })),
    mapping,
    targets,
    chooseTarget,
    hasHeader,
    setHasHeader,
    existing,
    setExisting,
    snapshotGroups,
    groupIds,
    chooseGroup,
    offersNewGroup,
    newGroupName,
    changeNewGroupName,
    isNewGroupChosen,
    setNewGroupChosen,
    problem,
    starting,
    start,
  };
}

/** Why the file could not be previewed: the error's code and its message in the user's language. */
export type PreviewError = { code: string; message: string };

/** The file's first rows as read with the user's choices (what the server guesses for the rest). */
function useImportPreview(id: string, choice: ImportPreviewChoice) {
  const { t } = useTranslation(['contacts', 'errors']);
  const [preview, setPreview] = useState<TImportPreviewResponse | null>(null);
  const [previewError, setPreviewError] = useState<PreviewError | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    previewImport(id, choice)
      .then((answer) => {
        if (!current) return;
        setPreview(answer);
        setPreviewError(null);
      })
      .catch((error: unknown) => {
        if (!current) return;
        const description = describeError(error, t);
        setPreviewError({ code: toApiError(error).code, message: description?.message ?? '' });
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [id, choice, t]);

  return { preview, previewError, loading };
}
