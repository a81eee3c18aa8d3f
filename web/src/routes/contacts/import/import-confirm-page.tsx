/**
 * `/contacts/import-contacts/confirm?id=` (spec §2.1, §4 Import): the file's first rows with a
 * target above each column (the guessed mapping preselected), the header switch, the encoding of a
 * CSV, what to do with existing contacts and the groups to add to; Start runs the worker. An
 * unsubscribe list maps one column, its addresses, and has neither of the last two. An import for
 * an email campaign (`&campaign=`) fills, by default, a new snapshot group named after the campaign,
 * and Start leads back to the campaign's wizard with the import and its groups.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Card, Checkbox, Field, Flex, Heading, Input, NativeSelect, Spinner, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ZGroupName } from '../../../../../shared/schemas/groups.js';
import { IMPORT_ENCODINGS } from '../../../../../shared/schemas/imports.js';
import { familyOfType, useCampaignName } from '../../../api/campaigns.js';
import { toApiError } from '../../../api/errors.js';
import { createGroup, useEveryGroup, hasEditableMembers } from '../../../api/groups.js';
import { useFieldSchemas } from '../../../api/contacts.js';
import { previewImport, startImport, useImport, type ImportEncoding, type TImportKind, type TImportPreviewResponse } from '../../../api/imports.js';
import { showError } from '../../../components/error-dialog.js';
import { PageLayout } from '../../../components/page-layout.js';
import { describeError } from '../../../errors/error-messages.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { ErrorPage } from '../../../components/error-page.js';
import { contactPaths, IMPORT_UPLOAD_PATHS } from '../../../paths/contacts.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { campaignGroupName, readCampaignRef, uploadedImportPath, uploadStepPath, type CampaignRef } from '../../../paths/campaign-import.js';
import { CampaignImportNotice } from './campaign-import-notice.js';

type Target = string | null;
const PRIMARY_TARGETS = ['email', 'mobile', 'emailSubscribe', 'smsSubscribe'] as const;
/** The one column an unsubscribe list maps; null for a contact import. */
const ADDRESS_OF_KIND: Record<TImportKind, 'email' | 'mobile' | null> = { contacts: null, unsubscribedEmails: 'email', unsubscribedMobiles: 'mobile' };
/** The select's value for "Don't import" (a select cannot hold null). */
const SKIP = '';

export default function ImportConfirmPage() {
  const [params] = useSearchParams();
  const permissions = useContactPermissions();
  const id = params.get('id');
  if (!permissions.canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <ErrorPage code={ERROR_CODES.RECORD_NOT_FOUND} />;
  return <ImportConfirm key={id} id={id} campaign={readCampaignRef(params)} canReadGroups={permissions.canReadGroups} canWriteGroups={permissions.canWriteGroups} />;
}

type ImportConfirmProps = { id: string; campaign: CampaignRef | null; canReadGroups: boolean; canWriteGroups: boolean };

function ImportConfirm({ id, campaign, canReadGroups, canWriteGroups }: ImportConfirmProps) {
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
  const [encoding, setEncoding] = useState<ImportEncoding | undefined>(undefined);
  const [preview, setPreview] = useState<TImportPreviewResponse | null>(null);
  const [previewError, setPreviewError] = useState<{ code: string; message: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [mapping, setMapping] = useState<Target[]>([]);
  const [hasHeader, setHasHeader] = useState(true);
  const [existing, setExisting] = useState<'update' | 'skip'>('update');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    previewImport(id, encoding ? { encoding } : {})
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
  }, [id, encoding, t]);

  useEffect(() => {
    if (!offersNewGroup || newGroupName !== null || campaignName === undefined || !groups) return;
    const label = (name: string) => t('import.campaign.groupName', { name, date: date(new Date()) });
    setNewGroupName(campaignGroupName(campaignName, label, groups.map((group) => group.name)));
  }, [offersNewGroup, newGroupName, campaignName, groups, date, t]);

  // The guessed mapping, kept to the address column for an unsubscribe list.
  useEffect(() => {
    if (preview) setMapping(address ? preview.mapping.map((target) => (target === address ? target : null)) : preview.mapping);
  }, [preview, address]);

  const targets = useMemo(
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
  const showEncoding = badEncoding || csvEncoding !== undefined;

  const choose = (column: number, value: string) => {
    setProblem(null);
    setMapping((previous) => previous.map((target, index) => (index === column ? value || null : target)));
  };

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

  const rows = preview ? (hasHeader ? preview.rows : [preview.headers, ...preview.rows]) : [];

  return (
    <PageLayout
      title={address ? t(`import.kind.${kind}.title`) : t('import.confirm.title')}
      subtitle={t(address ? `import.confirm.subtitleAddress.${address}` : 'import.confirm.subtitle')}
      back={{ to: campaign ? contactPaths.importForCampaign(campaign) : IMPORT_UPLOAD_PATHS[kind], label: t('import.action.chooseAnother') }}
      maxW="7xl"
      testId="import-confirm-page"
    >
      <Stack gap="6">
        {campaign && address === null && <CampaignImportNotice campaign={campaign} />}
        <Flex gap="6" wrap="wrap" align="flex-end">
          {preview && (
            <Box data-testid="import-format">
              <Text fontSize="sm" color="fg.muted">
                {t('import.confirm.format')}
              </Text>
              <Text fontWeight="medium">
                {preview.format.format === 'csv'
                  ? t('import.confirm.formatCsv', { delimiter: t(`import.delimiter.${delimiterName(preview.format.delimiter)}`) })
                  : t('import.confirm.formatXlsx')}
              </Text>
            </Box>
          )}
          {showEncoding && (
            <Field.Root w="auto" minW="48">
              <Field.Label>{t('import.confirm.encoding')}</Field.Label>
              <NativeSelect.Root size="sm" disabled={loading}>
                <NativeSelect.Field
                  value={encoding ?? csvEncoding ?? SKIP}
                  onChange={(event) => {
                    const chosen = IMPORT_ENCODINGS.find((item) => item === event.currentTarget.value);
                    if (chosen) setEncoding(chosen);
                  }}
                  data-testid="import-encoding"
                >
                  {!encoding && !csvEncoding && <option value={SKIP}>{t('import.confirm.chooseEncoding')}</option>}
                  {IMPORT_ENCODINGS.map((item) => (
                    <option key={item} value={item}>
                      {t(`import.encoding.${item}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          {loading && <Spinner size="sm" color="brand.solid" />}
        </Flex>

        {previewError && (
          <Stack gap="2" p="4" rounded="md" bg="bg.error" color="fg.error" role="alert" data-testid="import-preview-error" data-code={previewError.code}>
            <Text>{previewError.message}</Text>
            {!badEncoding && (
              <Button asChild size="sm" variant="outline" alignSelf="flex-start">
                <RouterLink to={IMPORT_UPLOAD_PATHS[kind]}>{t('import.action.chooseAnother')}</RouterLink>
              </Button>
            )}
          </Stack>
        )}

        {preview && !previewError && (
          <>
            <Switch.Root checked={hasHeader} onCheckedChange={(details) => setHasHeader(details.checked)} data-testid="import-has-header">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('import.confirm.hasHeader')}</Switch.Label>
            </Switch.Root>

            <Box borderWidth="1px" rounded="lg" overflowX="auto">
              <Table.Root size="sm" data-testid="import-preview">
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    {mapping.map((target, column) => (
                      <Table.ColumnHeader key={column} minW="44" py="2">
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field
                            value={target ?? SKIP}
                            onChange={(event) => choose(column, event.currentTarget.value)}
                            aria-label={t('import.confirm.columnTarget', { column: hasHeader ? preview.headers[column] : column + 1 })}
                            data-testid="import-target"
                          >
                            <option value={SKIP}>{t('import.target.skip')}</option>
                            {targets.map((option) => (
                              <option key={option.value} value={option.value} disabled={option.value !== target && mapping.includes(option.value)}>
                                {option.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                  {hasHeader && (
                    <Table.Row>
                      {preview.headers.map((header, column) => (
                        <Table.ColumnHeader key={column} data-testid="import-header-cell">
                          {header}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  )}
                </Table.Header>
                <Table.Body>
                  {rows.map((row, index) => (
                    <Table.Row key={index} data-testid="import-preview-row">
                      {mapping.map((target, column) => (
                        <Table.Cell key={column} color={target === null ? 'fg.subtle' : undefined} maxW="60" truncate>
                          {row[column] ?? ''}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>

            {address === null && (
            <Card.Root variant="outline">
              <Card.Body>
                <Stack gap="5">
                  <Field.Root maxW="sm">
                    <Field.Label>{t('import.confirm.existing')}</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={existing} onChange={(event) => setExisting(event.currentTarget.value === 'skip' ? 'skip' : 'update')} data-testid="import-existing">
                        <option value="update">{t('import.confirm.existingUpdate')}</option>
                        <option value="skip">{t('import.confirm.existingSkip')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {canReadGroups && (
                    <Stack gap="2">
                      <Heading as="h2" size="sm">
                        {t('import.confirm.groups')}
                      </Heading>
                      {offersNewGroup && (
                        <Stack gap="2" data-testid="import-new-group">
                          <Checkbox.Root size="sm" checked={isNewGroupChosen} onCheckedChange={(details) => setNewGroupChosen(details.checked === true)} data-testid="import-new-group-option">
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label fontWeight="normal">{t('import.campaign.newGroup')}</Checkbox.Label>
                          </Checkbox.Root>
                          {isNewGroupChosen && (
                            <Input
                              size="sm"
                              maxW="lg"
                              value={newGroupName ?? ''}
                              onChange={(event) => {
                                setProblem(null);
                                setNewGroupName(event.currentTarget.value);
                              }}
                              aria-label={t('import.campaign.newGroupName')}
                              data-testid="import-new-group-name"
                            />
                          )}
                        </Stack>
                      )}
                      {snapshotGroups.length === 0 ? (
                        !offersNewGroup && (
                          <Text fontSize="sm" color="fg.muted">
                            {t('form.noGroups')}
                          </Text>
                        )
                      ) : (
                        <Box maxH="48" overflowY="auto" data-testid="import-groups">
                          {snapshotGroups.map((group) => (
                            <Checkbox.Root
                              key={group.id}
                              size="sm"
                              display="flex"
                              py="1"
                              checked={groupIds.includes(group.id)}
                              onCheckedChange={(details) => setGroupIds((previous) => (details.checked === true ? [...previous, group.id] : previous.filter((item) => item !== group.id)))}
                              data-testid="import-group-option"
                            >
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                              <Checkbox.Label fontWeight="normal">{group.name}</Checkbox.Label>
                            </Checkbox.Root>
                          ))}
                        </Box>
                      )}
                    </Stack>
                  )}
                </Stack>
              </Card.Body>
            </Card.Root>
            )}

            {problem && (
              <Text color="fg.error" role="alert" data-testid="import-confirm-error">
                {problem}
              </Text>
            )}
            <Flex gap="2" justify="flex-end">
              <Button asChild variant="outline">
                <RouterLink to={campaign ? uploadStepPath(campaign) : contactPaths.list}>{t('common:action.cancel')}</RouterLink>
              </Button>
              <Button onClick={() => void start()} loading={starting} disabled={loading} data-testid="import-start">
                {t('import.action.start')}
              </Button>
            </Flex>
          </>
        )}
      </Stack>
    </PageLayout>
  );
}

function delimiterName(delimiter: string): 'comma' | 'semicolon' | 'tab' {
  if (delimiter === ';') return 'semicolon';
  if (delimiter === '\t') return 'tab';
  return 'comma';
}
