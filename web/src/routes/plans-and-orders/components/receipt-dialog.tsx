/**
 * The receipt screen (billing §2): the order's PDF embedded 900 by 600, a download button, the
 * recurring amount and next payment date when the order renews, and an info box for a dedicated
 * IP or DNS service. A preview that fails shows the empty state (billing §8: ignored).
 */
import { useEffect, useState } from 'react';
import { Box, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { payments } from '../../../../../shared/contracts/payments.js';
import { callRoute, useRoute } from '../../../api/routes.js';
import { saveBlob } from '../../../api/save-file.js';
import type { TOrder } from '../../../api/payments.js';
import { showError } from '../../../components/error-dialog.js';
import { DownloadIcon, ReceiptIcon } from '../../../components/icons.js';
import { ListMessage, ListSkeleton } from '../../../components/list-states.js';
import { formatMinorUnits } from '../../../format/money.js';
import { useFormatters } from '../../../format/use-formatters.js';

const PREVIEW = { width: 900, height: 600 } as const;

function useObjectUrl(base64: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!base64) return;
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const next = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [base64]);
  return url;
}

async function download(orderId: string): Promise<void> {
  try {
    saveBlob(await callRoute(payments.routes.receiptDownload, { params: { orderId }, query: { type: 'pdf' } }), `order-receipt-${orderId}.pdf`);
  } catch (error) {
    showError(error);
  }
}

export function ReceiptDialog({ order, onClose }: { order: TOrder; onClose(): void }) {
  const { t } = useTranslation('plans');
  const { date, locale } = useFormatters();
  const { data, error, isLoading } = useRoute(payments.routes.receiptPreview, { query: { id: order.orderId } });
  const url = useObjectUrl(data?.file);
  const service = order.lines.find((line) => line.itemType === 'ip' || line.itemType === 'dns')?.itemType;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="cover" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${PREVIEW.width + 48}px`} data-testid="receipt-dialog">
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>{t('receipt.title')}</Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {service === 'ip' ? t('receipt.captionIp') : t('receipt.caption', { orderId: order.orderId })}
              </Text>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {service && (
                  <Box bg="bg.info" color="fg.info" rounded="md" p="3" fontSize="sm">
                    {t(`receipt.info.${service}`)}
                  </Box>
                )}
                {order.recurring && !order.lines.some((line) => line.itemType === 'dns') && (
                  <Text fontSize="sm" data-testid="receipt-recurring">
                    {t('receipt.recurring', { price: formatMinorUnits(order.recurring.price, order.currency.name, locale), date: date(order.recurring.nextPaymentDate) })}
                  </Text>
                )}
                {error ? (
                  <ListMessage icon={ReceiptIcon} title={t('receipt.empty')} testId="receipt-empty" />
                ) : isLoading || !url ? (
                  <ListSkeleton rows={6} rowHeight="20" />
                ) : (
                  <Box borderWidth="1px" rounded="md" overflow="hidden" maxW="full" w={`${PREVIEW.width}px`} h={`${PREVIEW.height}px`}>
                    <iframe title={t('receipt.title')} src={url} width={PREVIEW.width} height={PREVIEW.height} style={{ border: 0, maxWidth: '100%' }} data-testid="receipt-preview" />
                  </Box>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('receipt.close')}
              </Button>
              <Button colorPalette="brand" onClick={() => void download(order.orderId)} data-testid="receipt-download">
                <DownloadIcon /> {t('receipt.download')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
