/**
 * The settings children (spec §2.1 /settings) other than notifications, behind one route: one
 * entry in the entry's preload map however many children come (the initial bundle is at its
 * limit). Each child is a chunk of its own; children of later issues show the "not available in
 * this build" page.
 */
import { Box } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { SectionUnavailablePage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';
import { OwnAccountOnly } from '../own-account-only.js';
import { SettingsTabs } from './settings-tabs.js';

const SmsSettingsPage = lazySubPage(() => import('./sms-and-mms/sms-settings-page.js'));
const AccountSettingsPage = lazySubPage(() => import('./account/account-settings-page.js'));
const DevelopersPage = lazySubPage(() => import('./developers/developers-page.js'));
const EmailSettingsPage = lazySubPage(() => import('./emails/email-settings-page.js'));
const BillingSettingsPage = lazySubPage(() => import('./billing/billing-settings-page.js'));

export default function SettingsPages() {
  const child = useLocation().pathname.split('/').filter(Boolean).slice(1).join('/');
  // Needs read on the sms section; the page answers everyone else with the error page.
  if (child === 'sms-and-mms') return <SmsSettingsPage />;
  if (child === 'account') {
    return (
      <OwnAccountOnly>
        <AccountSettingsPage />
      </OwnAccountOnly>
    );
  }
  if (child === 'developers') {
    return (
      <OwnAccountOnly>
        <DevelopersPage />
      </OwnAccountOnly>
    );
  }
  // Needs read on the email section; the page answers everyone else with the error page.
  if (child === 'emails') return <EmailSettingsPage />;
  if (child === 'billing') {
    return (
      <OwnAccountOnly>
        <BillingSettingsPage />
      </OwnAccountOnly>
    );
  }
  // The settings entry of the user panel lands on a later issue's child: the pages that exist are a tab away.
  return (
    <>
      <Box px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} maxW="5xl" mx="auto">
        <SettingsTabs current={null} />
      </Box>
      <SectionUnavailablePage />
    </>
  );
}
