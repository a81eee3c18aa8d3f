/** A notification's kind as an icon, tinted by its severity (spec §3: 0 success … 3 error). */
import type { ReactNode } from 'react';
import { Flex, type IconProps } from '@chakra-ui/react';
import { isNotificationType, type NotificationType } from '../../../shared/domain/notifications.js';
import {
  BellIcon,
  ContactsIcon,
  DownloadIcon,
  EmailIcon,
  FileTextIcon,
  LinkIcon,
  ReceiptIcon,
  ShieldIcon,
  SmsIcon,
  SparkIcon,
  StorageIcon,
  TeamIcon,
  TemplateIcon,
} from '../components/icons.js';

type IconComponent = (props: IconProps) => ReactNode;

export const SEVERITY_PALETTES = ['green', 'blue', 'orange', 'red'] as const;

const KIND_ICONS: Record<NotificationType, IconComponent> = {
  emailCampign: EmailIcon,
  smsCampaign: SmsIcon,
  import: FileTextIcon,
  export: DownloadIcon,
  creditReady: SparkIcon,
  payAsYouGoExpiryWarning: SparkIcon,
  payAsYouGoExpired: SparkIcon,
  storageLimit: StorageIcon,
  contactLimit: ContactsIcon,
  paymentError: ReceiptIcon,
  paymentReminder: ReceiptIcon,
  teamAdminApprove: TeamIcon,
  teamAdminInform: TeamIcon,
  outsiderApprove: TeamIcon,
  teamResourceAllocation: TeamIcon,
  connection: LinkIcon,
  smsIdentity: ShieldIcon,
  templateShare: TemplateIcon,
  webhook: LinkIcon,
};

export function NoticeIcon({ type, severity }: { type: string; severity: number }) {
  const Icon = isNotificationType(type) ? KIND_ICONS[type] : BellIcon;
  const palette = SEVERITY_PALETTES[severity] ?? 'gray';
  return (
    <Flex boxSize="8" flexShrink="0" rounded="full" align="center" justify="center" bg={`${palette}.subtle`} color={`${palette}.fg`} data-severity={severity}>
      <Icon boxSize="4" />
    </Flex>
  );
}
