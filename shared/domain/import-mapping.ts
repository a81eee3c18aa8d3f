/**
 * The guessed mapping of an import file's columns (spec §2.1 import-contacts): each header is
 * matched to the contact's email, mobile, subscriptions or a custom field by its normalised name,
 * directly or through synonyms that cover our own export headers, Mailchimp and Brevo exports and
 * common Chinese headers. Pure; the preview answers it and the user corrects it.
 */

export type TColumnTarget = 'email' | 'mobile' | 'emailSubscribe' | 'smsSubscribe' | `field:${string}`;
type PrimaryTarget = Exclude<TColumnTarget, `field:${string}`>;

/**
 * A header or field name reduced to what identifies it: compatibility forms folded (full-width
 * letters), accents dropped, lower case, a parenthesised remark ("Mobile (with country code)")
 * dropped, and no spaces, punctuation or symbols. "E-mail Address", "EMAIL_ADDRESS" and
 * "email address" are the same; Chinese characters are kept as they are.
 */
export function normalizeHeader(header: string): string {
  const folded = header.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const withoutRemark = folded.replace(/\([^)]*\)|\[[^\]]*\]/g, '');
  return (withoutRemark.trim() === '' ? folded : withoutRemark).replace(/[\s\p{P}\p{S}]/gu, '');
}

/**
 * Headers that mean a primary target, strongest first within each target: when two columns
 * could be the mobile ("Mobile" and "Phone"), the stronger synonym wins.
 */
const PRIMARY_SYNONYMS: Record<PrimaryTarget, { strong: string[]; weak: string[] }> = {
  email: {
    strong: [
      'email', 'e-mail', 'email address', 'e-mail address', 'email addr', 'mail address', 'courriel', 'adresse email', 'adresse e-mail',
      '電郵', '電郵地址', '电邮', '电邮地址', '電子郵件', '電子郵件地址', '电子邮件', '电子邮件地址', '邮箱', '邮箱地址', '郵箱', '郵箱地址',
      '電子信箱', '电子信箱', '電子郵箱', '电子邮箱', 'email地址',
    ],
    weak: ['mail', 'emails', '郵件', '邮件'],
  },
  mobile: {
    strong: [
      'mobile', 'mobile number', 'mobile no', 'mobile phone', 'mobile phone number', 'cell', 'cell phone', 'cellphone', 'cell number',
      'sms', 'sms number', 'sms phone', 'telephone mobile', 'portable', 'numero de portable', 'numero mobile',
      '手機', '手機號碼', '手機號', '手机', '手机号', '手机号码', '手提電話', '手提電話號碼', '手提', '流動電話', '流動電話號碼',
      '行動電話', '行動電話號碼', '移動電話', '移动电话', '移动电话号码', '行动电话',
    ],
    weak: [
      'phone', 'phone number', 'phone no', 'telephone', 'telephone number', 'tel', 'tel no', 'contact number', 'numero de telephone', 'telephone portable',
      '電話', '電話號碼', '电话', '电话号码', '聯絡電話', '联系电话', '聯繫電話',
    ],
  },
  emailSubscribe: {
    strong: [
      'email subscribe', 'email subscribed', 'email subscription', 'email subscription status', 'email status', 'email opt in', 'email optin',
      'email marketing', 'email marketing status', 'email consent', 'email campaigns',
      '電郵訂閱', '电邮订阅', '電子郵件訂閱', '电子邮件订阅', '邮件订阅', '郵件訂閱', '邮箱订阅', '訂閱電郵', '订阅邮件',
    ],
    weak: ['subscribed', 'subscription', 'subscription status', 'subscribe', 'opt in', 'optin', '訂閱', '订阅', '訂閱狀態', '订阅状态'],
  },
  smsSubscribe: {
    strong: [
      'sms subscribe', 'sms subscribed', 'sms subscription', 'sms subscription status', 'sms status', 'sms opt in', 'sms optin',
      'sms marketing', 'sms marketing status', 'sms consent', 'sms campaigns', 'sms and mms campaigns',
      '短訊訂閱', '短信订阅', '簡訊訂閱', '简讯订阅', '訂閱短訊', '订阅短信',
    ],
    weak: [],
  },
};

/**
 * Names that mean the same custom field. A header in a group matches the account's field whose
 * name is in the same group ("FIRSTNAME" → "First Name", "名字" → "First Name").
 */
const FIELD_SYNONYMS: ReadonlyArray<{ names: string[]; fallbackGroup?: number }> = [
  { names: ['first name', 'firstname', 'first', 'given name', 'forename', 'fname', 'prenom', 'vorname', '名字', '名'] },
  { names: ['last name', 'lastname', 'last', 'surname', 'family name', 'lname', 'nom', 'nom de famille', 'nachname', '姓', '姓氏'] },
  // A full name goes to a "Name" field, or else to the first name (the greeting name).
  { names: ['name', 'full name', 'fullname', 'contact name', 'customer name', 'display name', '姓名', '全名', '名稱', '名称', '客戶名稱', '客户名称', '稱呼', '称呼'], fallbackGroup: 0 },
  { names: ['birthday', 'birth date', 'birthdate', 'date of birth', 'dob', 'date de naissance', '生日', '出生日期'] },
  { names: ['gender', 'sex', 'genre', '性別', '性别'] },
  { names: ['address', 'street address', 'adresse', '地址', '通訊地址', '通讯地址'] },
  { names: ['city', 'town', 'ville', '城市'] },
  { names: ['country', 'country code', 'pays', 'cc', '國家', '国家', '國家地區', '国家地区'] },
  { names: ['region', 'state', 'province', '地區', '地区', '省份'] },
  { names: ['company', 'organisation', 'organization', 'company name', 'societe', 'entreprise', '公司', '公司名稱', '公司名称'] },
  { names: ['job title', 'position', '職位', '职位'] },
  { names: ['member rating', 'rating', 'contact rating', '評級', '评级'] },
  { names: ['tags', 'tag', 'labels', '標籤', '标签'] },
  { names: ['notes', 'note', 'remarks', 'remark', 'comments', '備註', '备注'] },
  { names: ['language', 'preferred language', 'langue', '語言', '语言'] },
];

type Candidate = { column: number; target: TColumnTarget; strength: number };

/** Strengths: the field's own name beats a strong synonym, which beats a weak one and a fallback. */
const EXACT = 4;
const STRONG = 3;
const WEAK = 2;
const FALLBACK = 1;

const PRIMARY_TARGETS: readonly PrimaryTarget[] = ['email', 'mobile', 'emailSubscribe', 'smsSubscribe'];

const PRIMARY_INDEX: ReadonlyMap<string, { target: PrimaryTarget; strength: number }> = (() => {
  const index = new Map<string, { target: PrimaryTarget; strength: number }>();
  for (const target of PRIMARY_TARGETS) {
    const { strong, weak } = PRIMARY_SYNONYMS[target];
    for (const name of strong) index.set(normalizeHeader(name), { target, strength: STRONG });
    for (const name of weak) if (!index.has(normalizeHeader(name))) index.set(normalizeHeader(name), { target, strength: WEAK });
  }
  return index;
})();

const FIELD_GROUPS: ReadonlyArray<{ names: Set<string>; fallback: Set<string> }> = FIELD_SYNONYMS.map(({ names, fallbackGroup }) => ({
  names: new Set(names.map(normalizeHeader)),
  fallback: new Set(fallbackGroup === undefined ? [] : FIELD_SYNONYMS[fallbackGroup].names.map(normalizeHeader)),
}));

/**
 * The guessed target of each column, or null. Each target is used once: when several columns
 * could take it, the strongest match wins, then the leftmost column.
 */
export function guessColumnMapping(headers: string[], fields: ReadonlyArray<{ id: string; name: string }>): Array<TColumnTarget | null> {
  const fieldKeys = fields.map((field) => {
    const target: TColumnTarget = `field:${field.id}`;
    return { target, key: normalizeHeader(field.name) };
  });
  const candidates: Candidate[] = [];
  headers.forEach((header, column) => {
    const key = normalizeHeader(header);
    if (key === '') return;
    for (const field of fieldKeys) if (field.key === key) candidates.push({ column, target: field.target, strength: EXACT });
    const primary = PRIMARY_INDEX.get(key);
    if (primary) candidates.push({ column, target: primary.target, strength: primary.strength });
    for (const group of FIELD_GROUPS) {
      if (!group.names.has(key)) continue;
      for (const field of fieldKeys) {
        if (group.names.has(field.key)) candidates.push({ column, target: field.target, strength: STRONG });
        else if (group.fallback.has(field.key)) candidates.push({ column, target: field.target, strength: FALLBACK });
      }
    }
  });

  const mapping: Array<TColumnTarget | null> = headers.map(() => null);
  const used = new Set<TColumnTarget>();
  candidates.sort((a, b) => b.strength - a.strength || a.column - b.column);
  for (const { column, target } of candidates) {
    if (mapping[column] !== null || used.has(target)) continue;
    mapping[column] = target;
    used.add(target);
  }
  return mapping;
}
