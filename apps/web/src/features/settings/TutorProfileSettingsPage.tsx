import { Tabs } from '@talaqa/ui';
import { ProfileImageForm } from '../account/ProfileImageForm';
import { ProfileVisibility } from '../account/ProfileVisibility';
import { TutorProfileForm } from '../account/TutorProfileForm';
import { SettingsLayout, TabSection } from './SettingsLayout';
import { useTabParam } from './useTabParam';

const TABS = ['profile', 'image'] as const;

/** `/t/profile-settings`: what students see: the name, bio, about and the picture. */
export default function TutorProfileSettingsPage() {
  const [tab, setTab] = useTabParam(TABS, 'profile');
  return (
    <SettingsLayout
      title="إعدادات الملف التعريفي"
      intro={<p>ما يراه الطلاب في ملفك: اسمك ونبذتك وفقرة «عن المعلم» وصورتك.</p>}
      notice={<ProfileVisibility />}
    >
      <Tabs
        label="أقسام الملف التعريفي"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'profile',
            label: 'الملف التعريفي',
            content: (
              <TabSection title="الاسم والنبذة">
                <TutorProfileForm />
              </TabSection>
            ),
          },
          {
            value: 'image',
            label: 'الصورة',
            content: (
              <TabSection title="صورتك الشخصية" description="صورة واضحة لوجهك تزيد ثقة الطلاب بك.">
                <ProfileImageForm />
              </TabSection>
            ),
          },
        ]}
      />
    </SettingsLayout>
  );
}
