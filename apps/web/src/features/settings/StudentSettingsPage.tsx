import { SignOutAllDevices, Tabs } from '@talaqa/ui';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { signOutAllDevices } from '../account/queries';
import { FavouriteTopicsForm } from '../account/FavouriteTopicsForm';
import { NotificationsForm } from '../account/NotificationsForm';
import { ProfileForm } from '../account/ProfileForm';
import { ProfileImageForm } from '../account/ProfileImageForm';
import { VerificationPanel } from '../account/VerificationPanel';
import { CalendarFeedCard } from './CalendarFeedCard';
import { SettingsLayout, TabSection } from './SettingsLayout';
import { useTabParam } from './useTabParam';

const TABS = [
  'profile',
  'password',
  'topics',
  'notifications',
  'calendar',
  'verification',
  'image',
] as const;

/** `/s/settings`: profile, password, topics, notifications, calendar, verification, image. */
export default function StudentSettingsPage() {
  const [tab, setTab] = useTabParam(TABS, 'profile');
  return (
    <SettingsLayout title="إعدادات الطالب">
      <Tabs
        label="أقسام الإعدادات"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'profile',
            label: 'الملف الشخصي',
            content: (
              <TabSection title="بياناتك" description="تساعد معلمك على إعداد دروس تناسبك.">
                <ProfileForm />
              </TabSection>
            ),
          },
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
            value: 'topics',
            label: 'الموضوعات المفضلة',
            content: (
              <TabSection title="الموضوعات المفضلة">
                <FavouriteTopicsForm />
              </TabSection>
            ),
          },
          {
            value: 'notifications',
            label: 'الإشعارات',
            content: (
              <TabSection
                title="الإشعارات"
                description="تصلك تذكيرات الدروس قبل موعدها بيوم وبساعة."
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
                intro="تأكيد البريد الإلكتروني مطلوب لحجز الدروس والمحادثة."
              />
            ),
          },
          {
            value: 'image',
            label: 'الصورة',
            content: (
              <TabSection title="صورتك الشخصية">
                <ProfileImageForm />
              </TabSection>
            ),
          },
        ]}
      />
    </SettingsLayout>
  );
}
