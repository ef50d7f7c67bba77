import { DEMO_PLANS, LessonStatus, Role, RoomType, Weekday, lessonEarning } from '@talaqa/domain';
import type { Gender, WeeklySlot } from '@talaqa/domain';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { ServiceLog } from '../context';
import type { Database } from '../db';
import {
  appointments,
  availabilitySlots,
  chatMembers,
  chatMessages,
  chatRooms,
  coupons,
  lessons,
  plans,
  ratings,
  topics,
  tutorProfiles,
  users,
  userTopics,
} from '../db/schema';
import { createUser, findUserRowByEmail, patchUser } from '../modules/accounts';
import { replaceProfileImage } from '../modules/assets';
import type { AssetStorage } from '../modules/assets';
import { replaceTemplate } from '../modules/availability';
import { pairKeyOf } from '../modules/chat';
import { creditFulfilledLesson } from '../modules/earnings';
import { refreshNextFree } from '../modules/tutors';
import { DEMO_PORTRAITS_DIR } from '../paths';

/** The password of every demo account; printed at start, never used outside APP_ENV=local. */
export const DEMO_PASSWORD = 'Talaqa2026';

export const DEMO_ACCOUNTS = [
  {
    role: Role.SuperAdmin,
    name: 'مدير النظام',
    email: 'superadmin@talaqa.eg',
    label: 'super admin',
  },
  { role: Role.RegularAdmin, name: 'مشرف المنصة', email: 'admin@talaqa.eg', label: 'admin' },
  {
    role: Role.TutorManager,
    name: 'هالة عبد الرحمن',
    email: 'manager@talaqa.eg',
    label: 'tutor manager',
  },
  { role: Role.Tutor, name: 'أحمد سمير', email: 'tutor@talaqa.eg', label: 'tutor' },
  { role: Role.Student, name: 'منى عادل', email: 'student@talaqa.eg', label: 'student' },
  { role: Role.Studio, name: 'استوديو النيل', email: 'studio@talaqa.eg', label: 'studio' },
] as const;

const DEMO_TOPICS = [
  ['السفر', 'Travel'],
  ['العمل والمقابلات', 'Work and interviews'],
  ['الدراسة في الخارج', 'Studying abroad'],
  ['الأفلام والمسلسلات', 'Films and series'],
  ['الرياضة', 'Sports'],
  ['التكنولوجيا', 'Technology'],
  ['الطبخ', 'Cooking'],
  ['الحياة اليومية', 'Daily life'],
  ['الأعمال والتجارة', 'Business'],
  ['امتحانات IELTS وTOEFL', 'IELTS and TOEFL'],
] as const;

/** A demo coupon for trying the checkout's coupon field: 10% off, valid a year from seeding. */
export const DEMO_COUPON = { code: 'TALAQA10', discount: 10 } as const;
const DEMO_COUPON_DAYS = 365;

/**
 * The three plans of the plans page and the demo coupon, on a database without plans (its first
 * start): plans an admin later edits or deletes are left as they are.
 */
async function seedCatalogue(db: Database, now: Date): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(plans);
  if ((existing?.total ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(plans).values(DEMO_PLANS.map(({ name: _name, ...plan }) => plan));
    await tx
      .insert(coupons)
      .values({
        ...DEMO_COUPON,
        expireDate: new Date(now.getTime() + DEMO_COUPON_DAYS * 24 * 60 * 60 * 1000),
      })
      .onConflictDoNothing();
  });
}

/** Where the demo tutors' portraits go: the app's asset storage and its logger. */
export interface DemoMedia {
  assets: AssetStorage;
  log: ServiceLog;
}

/**
 * Demo data for a developer's machine: one verified account of every role, the topics, the three
 * plans and a coupon, and (given the asset storage) the demo tutors' portraits. Safe to run at
 * every start: it adds only what is missing.
 */
export async function seedDemoData(db: Database, media?: DemoMedia): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserRowByEmail(db, account.email)) continue;
    const user = await createUser(db, {
      name: account.name,
      email: account.email,
      password: DEMO_PASSWORD,
      role: account.role,
      emailVerified: true,
    });
    if (account.role === Role.Student) {
      // A mobile number too: the payment gateways need one to take a payment.
      await patchUser(db, user.id, {
        birthYear: 2001,
        gender: 'female',
        city: 1,
        level: 3,
        phone: '+201001234567',
      });
    }
  }
  await db
    .insert(topics)
    .values(DEMO_TOPICS.map(([nameAr, nameEn]) => ({ nameAr, nameEn })))
    .onConflictDoNothing();
  await seedCatalogue(db, new Date());
  await seedTutors(db);
  if (media) await seedPortraits(db, media);
  await seedReviews(db);
  await seedPastLessons(db, new Date());
  await seedChats(db, new Date());
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How many days before the first start each fulfilled 30-minute lesson of the demo student with
 * the demo tutor took place: the newest lets the student try rating (issue 19); together they
 * earn the tutor 300 EGP (60 each at decision 318's rate), above the 100 EGP minimum withdrawal,
 * so the tutor can try a withdrawal request (issue 22).
 */
export const DEMO_PAST_LESSON_DAYS_AGO = [3, 10, 17, 24, 31] as const;

/**
 * The demo student's past lessons with the demo tutor (on the hour), written as the room's
 * attendance and the closing job would have left them: fulfilled and credited to the tutor's
 * ledger. Written once: a student with any lesson with that tutor gets none.
 */
async function seedPastLessons(db: Database, now: Date): Promise<void> {
  const student = await findUserRowByEmail(db, 'student@talaqa.eg');
  const tutor = await findUserRowByEmail(db, 'tutor@talaqa.eg');
  if (!student || !tutor) return;
  const [existing] = await db
    .select({ total: count() })
    .from(lessons)
    .where(and(eq(lessons.studentId, student.id), eq(lessons.tutorId, tutor.id)));
  if ((existing?.total ?? 0) > 0) return;
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  await db.transaction(async (tx) => {
    for (const daysAgo of DEMO_PAST_LESSON_DAYS_AGO) {
      const startsAt = new Date(hour - daysAgo * DAY_MS);
      const endsAt = new Date(startsAt.getTime() + HOUR_MS / 2);
      const [appointment] = await tx
        .insert(appointments)
        .values({ tutorId: tutor.id, kind: 'lesson', startsAt, endsAt })
        .returning({ id: appointments.id });
      if (!appointment) return;
      const price = lessonEarning({ duration: 30, minutesReturned: 0 });
      const [lesson] = await tx
        .insert(lessons)
        .values({
          appointmentId: appointment.id,
          tutorId: tutor.id,
          studentId: student.id,
          startsAt,
          duration: 30,
          price,
          // Both came (record 287): the room's attendance would have made it fulfilled.
          status: LessonStatus.Fulfilled,
        })
        .returning({ id: lessons.id });
      // And the tutor earned it (record 318), as the closing job would have credited it.
      if (lesson) {
        await creditFulfilledLesson(tx, {
          lessonId: lesson.id,
          tutorId: tutor.id,
          amount: price,
          at: endsAt,
        });
      }
    }
  });
}

/** Evenings on a Cairo wall clock, 18:00 to 22:00 in 30-minute slots, on the given days. */
const evenings = (days: readonly Weekday[], from = 18, to = 22): WeeklySlot[] =>
  days.flatMap((weekday) =>
    Array.from({ length: (to - from) * 2 }, (_, half) => ({
      weekday,
      start: `${String(from + Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`,
      length: 30 as const,
    })),
  );

const { Saturday, Sunday, Monday, Tuesday, Wednesday, Thursday } = Weekday;

/**
 * The tutors of the tutors page: activated, let through onboarding, with Arabic texts, topics
 * (by English name) and a weekly schedule. The first is the demo tutor account of DEMO_ACCOUNTS.
 */
export const DEMO_TUTORS: {
  email: string;
  name: string;
  gender: Gender;
  /** The file in src/demo/portraits drawn for this tutor (docs/decisions/305). */
  portrait: string;
  bio: string;
  about: string;
  topics: string[];
  slots: WeeklySlot[];
}[] = [
  {
    email: 'tutor@talaqa.eg',
    name: 'أحمد سمير',
    gender: 'male',
    portrait: 'ahmad.svg',
    bio: 'مدرس لغة إنجليزية بخبرة ثماني سنوات في المحادثة والاستعداد للمقابلات',
    about:
      'درّست الإنجليزية لطلاب الجامعات والموظفين في القاهرة والإسكندرية. أركز في دروسي على الكلام بثقة في مواقف العمل الحقيقية، من تقديم نفسك إلى إدارة اجتماع قصير.',
    topics: ['Work and interviews', 'Business', 'Technology'],
    slots: evenings([Saturday, Sunday, Monday, Tuesday, Wednesday, Thursday]),
  },
  {
    email: 'tutor.nour@talaqa.eg',
    name: 'نور الهدى مصطفى',
    gender: 'female',
    portrait: 'nour.svg',
    bio: 'أساعدك على التحدث بالإنجليزية في السفر والحياة اليومية دون خوف من الأخطاء',
    about:
      'تخرجت في كلية الألسن وعملت مرشدة سياحية سنوات طويلة، وأحب أن أجعل الدرس حوارًا ممتعًا عن السفر والأفلام والحياة اليومية، مع تصحيح لطيف للنطق والقواعد.',
    topics: ['Travel', 'Films and series', 'Daily life'],
    slots: evenings([Saturday, Monday, Wednesday], 17, 21),
  },
  {
    email: 'tutor.youssef@talaqa.eg',
    name: 'يوسف عبد الله',
    gender: 'male',
    portrait: 'youssef.svg',
    bio: 'مدرب معتمد لامتحانات الآيلتس والتوفل مع خطة واضحة لكل طالب',
    about:
      'أعددت مئات الطلاب لامتحانات الآيلتس والتوفل للدراسة في الخارج. نتدرب معًا على أسئلة المحادثة الحقيقية، وأعطيك بعد كل درس ملاحظات مكتوبة وخطة للأسبوع القادم.',
    topics: ['IELTS and TOEFL', 'Studying abroad'],
    slots: evenings([Sunday, Tuesday, Thursday], 19, 23),
  },
  {
    email: 'tutor.salma@talaqa.eg',
    name: 'سلمى إبراهيم',
    gender: 'female',
    portrait: 'salma.svg',
    bio: 'دروس محادثة هادئة للمبتدئين والأطفال والكبار بأسلوب بسيط',
    about:
      'أؤمن أن كل شخص يستطيع الكلام بالإنجليزية إذا بدأ بخطوات صغيرة. دروسي مناسبة للمبتدئين، ونتحدث عن الطبخ والرياضة والعائلة بجمل قصيرة تكبر مع كل درس.',
    topics: ['Cooking', 'Sports', 'Daily life'],
    slots: evenings([Saturday, Sunday, Monday, Tuesday, Wednesday], 20, 22),
  },
];

/**
 * The demo tutors, listed and bookable: created when missing, and given their profile, topics and
 * schedule only where they have none yet (an edited profile or schedule is kept).
 */
async function seedTutors(db: Database): Promise<void> {
  const topicRows = await db.select({ id: topics.id, nameEn: topics.nameEn }).from(topics);
  const topicIds = new Map(topicRows.map((row) => [row.nameEn, row.id]));
  for (const demo of DEMO_TUTORS) {
    const existing = await findUserRowByEmail(db, demo.email);
    const userId =
      existing?.id ??
      (
        await createUser(db, {
          name: demo.name,
          email: demo.email,
          password: DEMO_PASSWORD,
          role: Role.Tutor,
          emailVerified: true,
        })
      ).id;
    if (!existing) await db.update(users).set({ gender: demo.gender }).where(eq(users.id, userId));
    await db
      .insert(tutorProfiles)
      .values({
        userId,
        bio: demo.bio,
        about: demo.about,
        activated: true,
        bypassOnboarding: true,
      })
      .onConflictDoNothing();
    const ids = demo.topics.flatMap((name) => topicIds.get(name) ?? []);
    if (ids.length > 0) {
      await db
        .insert(userTopics)
        .values(ids.map((topicId) => ({ userId, topicId })))
        .onConflictDoNothing();
    }
    const [slots] = await db
      .select({ total: count() })
      .from(availabilitySlots)
      .where(inArray(availabilitySlots.tutorId, [userId]));
    if ((slots?.total ?? 0) === 0) {
      await db.transaction(async (tx) => {
        await replaceTemplate(tx, userId, demo.slots);
        await refreshNextFree(tx, [userId], new Date());
      });
    }
  }
}

/**
 * Each demo tutor's portrait as their profile image, stored like an upload (a file in the asset
 * storage, counted in user_files), so every screen shows it through the one assets route. Only a
 * tutor without an image gets one: an uploaded photo is kept.
 */
async function seedPortraits(db: Database, { assets, log }: DemoMedia): Promise<void> {
  for (const demo of DEMO_TUTORS) {
    const tutor = await findUserRowByEmail(db, demo.email);
    if (!tutor || tutor.image) continue;
    const bytes = new Uint8Array(await readFile(join(DEMO_PORTRAITS_DIR, demo.portrait)));
    await replaceProfileImage({ db, log }, assets, tutor.id, { bytes, type: 'svg' });
  }
}

/**
 * Students who have reviewed the demo tutors (no password: they only sign the reviews), so the
 * list's rating filter and sort and the profile's reviews tab show something. The demo student
 * account has rated nobody, to try rating for the first time.
 */
const DEMO_REVIEWERS = [
  { email: 'reviewer.karim@talaqa.eg', name: 'كريم فتحي' },
  { email: 'reviewer.yasmin@talaqa.eg', name: 'ياسمين حسن' },
  { email: 'reviewer.omar@talaqa.eg', name: 'عمر خالد' },
  { email: 'reviewer.dina@talaqa.eg', name: 'دينا محمود' },
] as const;

/** Reviews of each demo tutor (by tutor e-mail): the reviewer's index, the stars, the text. */
export const DEMO_REVIEWS: Record<string, [number, number, string | null][]> = {
  'tutor@talaqa.eg': [
    [0, 5, 'استعددت معه لمقابلة عمل وحصلت على الوظيفة. شرحه واضح وصبور جدًا.'],
    [1, 5, 'دروس عملية ومفيدة، وكل درس ينتهي بتدريب على موقف حقيقي.'],
    [2, 4, null],
  ],
  'tutor.nour@talaqa.eg': [
    [1, 5, 'أسلوبها لطيف ويجعلني أتكلم دون خوف، أنصح بها للمبتدئين.'],
    [3, 4, 'الدروس ممتعة، وأتمنى مواعيد أكثر في الصباح.'],
  ],
  'tutor.youssef@talaqa.eg': [
    [0, 5, 'حصلت على ٧٫٥ في الآيلتس بعد شهرين من الدروس معه.'],
    [2, 5, 'ملاحظاته المكتوبة بعد كل درس مفيدة جدًا.'],
    [3, 5, null],
    [1, 4, 'منظم جدًا وخطته واضحة.'],
  ],
  'tutor.salma@talaqa.eg': [[3, 4, 'صبورة ومناسبة للمبتدئين تمامًا.']],
};

/** The demo reviews, each once (one rating per student and tutor); edited ones are kept. */
async function seedReviews(db: Database): Promise<void> {
  const reviewerIds: number[] = [];
  for (const reviewer of DEMO_REVIEWERS) {
    const existing = await findUserRowByEmail(db, reviewer.email);
    const user =
      existing ??
      (await createUser(db, {
        ...reviewer,
        password: null,
        role: Role.Student,
        emailVerified: true,
      }));
    reviewerIds.push(user.id);
  }
  for (const [email, reviews] of Object.entries(DEMO_REVIEWS)) {
    const tutor = await findUserRowByEmail(db, email);
    if (!tutor) continue;
    await db
      .insert(ratings)
      .values(
        reviews.map(([reviewer, value, text]) => ({
          raterId: reviewerIds[reviewer] ?? 0,
          rateeId: tutor.id,
          value,
          text,
        })),
      )
      .onConflictDoNothing();
  }
}

export function demoLoginLines(): string[] {
  return DEMO_ACCOUNTS.map(
    (account) => `  ${account.label.padEnd(14)} ${account.email.padEnd(24)} ${DEMO_PASSWORD}`,
  );
}

/**
 * The demo student's conversations, so /chat and the dashboard have something to show: one with
 * the demo tutor over two days (the tutor's last answer still unread), one pinned with another
 * tutor that is still waiting for an answer. Each `[from student?, hours ago, text]`.
 */
const DEMO_CHATS: readonly {
  tutor: string;
  pinned: boolean;
  messages: readonly (readonly [boolean, number, string])[];
}[] = [
  {
    tutor: 'tutor@talaqa.eg',
    pinned: false,
    messages: [
      [true, 26, 'مساء الخير أستاذ أحمد، أريد أن أتحسن في المحادثة قبل مقابلة عمل.'],
      [false, 25, 'أهلًا منى! يسعدني ذلك. متى موعد المقابلة؟'],
      [true, 25, 'بعد أسبوعين تقريبًا، وستكون بالإنجليزية بالكامل.'],
      [
        false,
        2,
        'تمام، أقترح درسين في الأسبوع نركّز فيهما على أسئلة المقابلات. Shall we start on Sunday?',
      ],
    ],
  },
  {
    tutor: 'tutor.nour@talaqa.eg',
    pinned: true,
    messages: [[true, 5, 'مرحبًا أستاذة نور، هل تدرّسين قواعد اللغة للمستوى المتوسط؟']],
  },
];

async function seedChats(db: Database, now: Date): Promise<void> {
  const student = await findUserRowByEmail(db, 'student@talaqa.eg');
  if (!student) return;
  for (const chat of DEMO_CHATS) {
    const tutor = await findUserRowByEmail(db, chat.tutor);
    if (!tutor) continue;
    const pairKey = pairKeyOf(student.id, tutor.id);
    const [existing] = await db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(eq(chatRooms.pairKey, pairKey));
    if (existing) continue;
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
    const lastAt = at(chat.messages.at(-1)?.[1] ?? 0);
    await db.transaction(async (tx) => {
      const [room] = await tx
        .insert(chatRooms)
        .values({
          type: RoomType.General,
          pairKey,
          lastSeq: chat.messages.length,
          lastMessageAt: lastAt,
          createdAt: at(chat.messages[0]?.[1] ?? 0),
          updatedAt: lastAt,
        })
        .returning({ id: chatRooms.id });
      if (!room) return;
      // Each side has read what it sent and what came before it.
      const lastSeqFrom = (fromStudent: boolean) =>
        chat.messages.reduce((seq, [mine], index) => (mine === fromStudent ? index + 1 : seq), 0);
      await tx.insert(chatMembers).values([
        {
          roomId: room.id,
          userId: student.id,
          pinned: chat.pinned,
          lastReadSeq: lastSeqFrom(true),
        },
        { roomId: room.id, userId: tutor.id, lastReadSeq: lastSeqFrom(false) },
      ]);
      await tx.insert(chatMessages).values(
        chat.messages.map(([fromStudent, hoursAgo, text], index) => ({
          roomId: room.id,
          seq: index + 1,
          senderId: fromStudent ? student.id : tutor.id,
          text,
          createdAt: at(hoursAgo),
          updatedAt: at(hoursAgo),
        })),
      );
    });
  }
}
