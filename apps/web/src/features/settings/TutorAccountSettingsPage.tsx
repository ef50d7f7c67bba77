import { SignOutAllDevices, Tabs } from '@talaqa/ui';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { signOutAllDevices } from '../account/queries';
import { NotificationsForm } from '../account/NotificationsForm';
import { VerificationPanel } from '../account/VerificationPanel';
import { CalendarFeedCard } from './CalendarFeedCard';
import { SettingsLayout, TabSection } from './SettingsLayout';
import { useTabParam } from './useTabParam';

const TABS = ['password', 'notifications', 'calendar', 'verification'] as const;

/** `/t/account-settings`: the tutor's password, notifications, calendar and verification. */
export default function TutorAccountSettingsPage() {
  const [tab, setTab] = useTabParam(TABS, 'password');
  return (
    <SettingsLayout title="إعدادات الحساب">
      <Tabs
        label="أقسام إعدادات الحساب"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'password',
            label: 'كلمة المرور',
            content: (
              <TabSection title="كلمة المرور">
                <ChangePasswordForm />
                <SignOutAllDevices signOut={signOutAllDevices} />
              </TabSection>
            ),
          },
          {
            value: 'notifications',
            label: 'الإشعارات',
            content: (
              <TabSection
                title="الإشعارات"
                description="تصلك إشعارات الحجز والتذكير قبل كل درس بيوم وبساعة."
              >
                <NotificationsForm />
              </TabSection>
            ),
          },
          {
            value: 'calendar',
            label: 'التقويم',
            content: (
              <TabSection
                title="تقويمك"
                description="مواعيد دروسك في تطبيق التقويم على هاتفك أو حاسوبك."
              >
                <CalendarFeedCard />
              </TabSection>
            ),
          },
          {
            value: 'verification',
            label: 'تأكيد البريد والهاتف',
            content: (
              <VerificationPanel
                changeEmail
                intro="تأكيد البريد الإلكتروني ورقم الهاتف مطلوب حتى يظهر ملفك للطلاب."
              />
            ),
          },
        ]}
      />
    </SettingsLayout>
  );
}
