import { describe, expect, it } from 'vitest';
import { zAccountName, zCompanyName, zCompanyShortName, zEmail, zIdNumber, zPassword, zPersonName, zPhone } from './fieldSchemas.js';
import {
  ACCOUNT_NAME_MAX,
  APPROVAL_LEVELS,
  CAROUSEL_PICTURES,
  COMPANY_NAME_MAX,
  COMPANY_SHORT_NAME_MAX,
  checkAccountName,
  checkCompanyName,
  checkCompanyShortName,
  checkEmail,
  checkIdNumber,
  checkImageFile,
  checkImportFile,
  checkPassword,
  checkPersonName,
  checkPhone,
  checkPlate,
  checkSuperAccount,
  checkVideoFile,
  checkZipFile,
  EMAIL_MAX,
  FACE_MIN_PX,
  fileExtension,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  IMPORT_TYPES,
  idNumberBirthDate,
  idNumberSex,
  isMainlandMobile,
  LOGO_MIN,
  normalizeEmail,
  normalizePhone,
  normalizePlate,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERSON_NAME_MAX,
  passwordStrength,
  SUPER_ACCOUNT_PREFIX,
  sniffFileType,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_MESSAGE_MB,
  VIDEO_TYPES,
  VISIT_DAYS_WINDOW,
  ZIP_TYPES,
} from './validators.js';

// ---------------------------------------------------------------------------------------------
// Password
// ---------------------------------------------------------------------------------------------

describe('password constants', () => {
  it('has the documented limits', () => {
    expect(PASSWORD_MIN).toBe(6);
    expect(PASSWORD_MAX).toBe(64);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 'weak'],
    ['abcdefgh', 'weak'], // letters only
    ['ABCdefGHI', 'weak'], // upper + lower is still one kind
    ['12345678', 'weak'], // digits only
    ['!@#$%^&*', 'weak'], // specials only
    ['ab12', 'weak'], // 2 kinds but too short
    ['a1!', 'weak'], // 3 kinds but too short
    ['aB1!x', 'weak'], // all four classes but 5 long
    ['abc123', 'medium'],
    ['abc!!!', 'medium'],
    ['123!!!', 'medium'],
    ['password2024', 'medium'],
    ['abc12!', 'medium'], // 3 kinds but only 6 long, single case
    ['abcd12!', 'medium'], // 3 kinds, 7 long
    ['abcd123!', 'strong'], // 3 kinds, 8 long
    ['Tr0ub4dor&3', 'strong'],
    ['aB1!xy', 'strong'], // upper + lower + digit + special at 6
    ['中文密码12', 'medium'], // CJK counts as special
    ['abc 123', 'medium'], // inner space is no kind
    ['a b c d e f', 'weak'],
  ] as const)('%j is %s', (pw, expected) => {
    expect(passwordStrength(pw)).toBe(expected);
  });
});

describe('checkPassword', () => {
  it('accepts valid passwords', () => {
    expect(checkPassword('abc123')).toBeNull();
    expect(checkPassword('Tr0ub4dor&3')).toBeNull();
    expect(checkPassword('pass word 1')).toBeNull(); // inner space allowed
    expect(checkPassword(`${'a'.repeat(63)}1`)).toBeNull(); // exactly 64
    expect(checkPassword('密码密码12')).toBeNull();
  });

  it('required', () => {
    expect(checkPassword('')).toBe('required');
  });

  it('whitespace', () => {
    expect(checkPassword(' abc123')).toBe('whitespace');
    expect(checkPassword('abc123 ')).toBe('whitespace');
    expect(checkPassword('   ')).toBe('whitespace');
    expect(checkPassword('abc\t123')).toBe('whitespace');
    expect(checkPassword('abc\u0000123')).toBe('whitespace');
    expect(checkPassword('abc123\n')).toBe('whitespace');
  });

  it('tooShort', () => {
    expect(checkPassword('ab12!')).toBe('tooShort');
    expect(checkPassword('a')).toBe('tooShort');
  });

  it('tooLong', () => {
    expect(checkPassword(`${'a'.repeat(64)}1`)).toBe('tooLong');
  });

  it('tooWeak', () => {
    expect(checkPassword('abcdefgh')).toBe('tooWeak');
    expect(checkPassword('123456')).toBe('tooWeak');
    expect(checkPassword('!!!!!!')).toBe('tooWeak');
    expect(checkPassword('ABCdefg')).toBe('tooWeak');
  });

  it('sameAsOld', () => {
    expect(checkPassword('abc123', { old: 'abc123' })).toBe('sameAsOld');
    expect(checkPassword('abc123', { old: 'abc124' })).toBeNull();
    expect(checkPassword('abc123', { old: 'ABC123' })).toBeNull();
  });

  it('mismatch', () => {
    expect(checkPassword('abc123', { confirm: 'abc12' })).toBe('mismatch');
    expect(checkPassword('abc123', { confirm: '' })).toBe('mismatch');
    expect(checkPassword('abc123', { confirm: 'abc123' })).toBeNull();
    expect(checkPassword('abc123', { old: 'old999', confirm: 'abc123' })).toBeNull();
  });

  it('checks in the documented order', () => {
    // whitespace before tooShort
    expect(checkPassword(' a')).toBe('whitespace');
    // tooShort before tooWeak
    expect(checkPassword('aaa')).toBe('tooShort');
    // tooWeak before sameAsOld / mismatch
    expect(checkPassword('aaaaaa', { old: 'aaaaaa', confirm: 'x' })).toBe('tooWeak');
    // sameAsOld before mismatch
    expect(checkPassword('abc123', { old: 'abc123', confirm: 'x' })).toBe('sameAsOld');
  });
});

// ---------------------------------------------------------------------------------------------
// Email
// ---------------------------------------------------------------------------------------------

describe('checkEmail', () => {
  it.each([
    'user@example.com',
    'first.last@example.co.uk',
    'user+tag@sub.example.org',
    'a_b-c@my-domain.cn',
    'x@a1.io',
    'UPPER@EXAMPLE.COM',
    '  padded@example.com  ',
    '1234567890@qq.com',
  ])('accepts %j', (s) => {
    expect(checkEmail(s)).toBeNull();
  });

  it('required', () => {
    expect(checkEmail('')).toBe('required');
    expect(checkEmail('   ')).toBe('required');
  });

  it('tooLong', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`; // 195 chars
    const ok = `${'x'.repeat(58)}@${domain}`; // 58 + 1 + 195 = 254
    expect(ok.length).toBe(EMAIL_MAX);
    expect(checkEmail(ok)).toBeNull();
    expect(checkEmail(`y${ok}`)).toBe('tooLong');
  });

  it.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@@example.com',
    'a@b@example.com',
    'user name@example.com',
    'user@exa mple.com',
    'user..name@example.com',
    '.user@example.com',
    'user.@example.com',
    'user@example',
    'user@example.c',
    'user@example.c0m',
    'user@example..com',
    'user@.example.com',
    'user@example.com.',
    'user@-example.com',
    'user@example-.com',
    'user@exa_mple.com',
    'us"er@example.com',
    'user@例子.com',
    `${'a'.repeat(65)}@example.com`,
  ])('rejects %j as format', (s) => {
    expect(checkEmail(s)).toBe('format');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  John.Doe+X@Example.COM ')).toBe('john.doe+x@example.com');
    expect(normalizeEmail('a@b.cn')).toBe('a@b.cn');
  });
});

// ---------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------

describe('checkPhone / normalizePhone / isMainlandMobile', () => {
  it.each([
    ['13800138000', '13800138000', true],
    ['19912345678', '19912345678', true],
    ['+86 138 0013 8000', '13800138000', true],
    ['+8613800138000', '13800138000', true],
    ['+86-13800138000', '13800138000', true],
    ['86 13800138000', '13800138000', true],
    ['86-138-0013-8000', '13800138000', true],
    ['8613800138000', '13800138000', true],
    [' 13800138000 ', '13800138000', true],
    ['138-0013-8000', '13800138000', true],
    ['+44 20 7946 0958', '+442079460958', false],
    ['+1-202-555-0143', '+12025550143', false],
    ['+12025550143', '+12025550143', false],
    ['+852 2123 4567', '+85221234567', false],
    ['+86 10 6552 9988', '+861065529988', false], // Beijing landline: E.164, not a mobile
    ['+86 128 0013 8000', '+8612800138000', false], // not a mobile range, but still E.164
    ['+1234567', '+1234567', false], // 7 digits, shortest E.164
    ['+123456789012345', '+123456789012345', false], // 15 digits, longest
  ] as const)('accepts %j -> %j', (input, normalized, mainland) => {
    expect(checkPhone(input)).toBeNull();
    expect(normalizePhone(input)).toBe(normalized);
    expect(isMainlandMobile(input)).toBe(mainland);
  });

  it('required', () => {
    expect(checkPhone('')).toBe('required');
    expect(checkPhone('  ')).toBe('required');
  });

  it.each([
    '12345',
    '1380013800', // 10 digits
    '138001380000', // 12 digits
    '12800138000', // second digit 2
    '10086',
    '+0123456789', // E.164 may not start with 0
    '+123456', // 6 digits
    '+1234567890123456', // 16 digits
    '442079460958', // international without +
    '+44 20  7946 0958', // double space
    '+44 20 7946 0958-', // trailing dash
    '-13800138000',
    '+ 44 20 7946 0958',
    '++442079460958',
    '+44(20)79460958',
    '138 0013 800a',
    '１３８００１３８０００', // full-width digits
    '0086 13800138000',
  ])('rejects %j as format', (s) => {
    expect(checkPhone(s)).toBe('format');
    expect(normalizePhone(s)).toBeNull();
    expect(isMainlandMobile(s)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

describe('checkPersonName', () => {
  it.each([
    '张三',
    '欧阳娜娜',
    '阿依古丽·买买提',
    'John Smith',
    'Jean-Luc Picard',
    'J. R. R. Tolkien',
    'José Müller',
    'Владимир',
    '山田 太郎',
    'user_01',
    '王五(访客)',
    '王五（访客）',
    'Ngọc Anh',
    '  李四  ',
  ])('accepts %j', (s) => {
    expect(checkPersonName(s)).toBeNull();
  });

  it('required', () => {
    expect(checkPersonName('')).toBe('required');
    expect(checkPersonName('   ')).toBe('required');
  });

  it('tooLong, counted in code points, with a custom max', () => {
    expect(PERSON_NAME_MAX).toBe(50);
    expect(checkPersonName('张'.repeat(50))).toBeNull();
    expect(checkPersonName('张'.repeat(51))).toBe('tooLong');
    expect(checkPersonName('𠀀'.repeat(50))).toBeNull(); // astral CJK: 50 code points, 100 UTF-16 units
    expect(checkPersonName('abcdef', 5)).toBe('tooLong');
    expect(checkPersonName('abcde', 5)).toBeNull();
  });

  it.each([...'<>"\'\\/;&%$#@!*=^|{}[]'].map((c) => `ab${c}cd`))('rejects %j', (s) => {
    expect(checkPersonName(s)).toBe('illegalChars');
  });

  it('rejects control characters and other symbols', () => {
    expect(checkPersonName('ab\u0007cd')).toBe('illegalChars');
    expect(checkPersonName('ab\ncd')).toBe('illegalChars');
    expect(checkPersonName('ab😀')).toBe('illegalChars');
    expect(checkPersonName('<script>')).toBe('illegalChars');
  });
});

describe('checkAccountName', () => {
  it.each(['admin', 'john.doe', 'user_01', 'a-b', 'user@corp.com', 'A', 'x'.repeat(ACCOUNT_NAME_MAX)])('accepts %j', (s) => {
    expect(checkAccountName(s)).toBeNull();
  });

  it('required', () => {
    expect(checkAccountName('')).toBe('required');
    expect(checkAccountName(' ')).toBe('required');
  });

  it('tooLong', () => {
    expect(ACCOUNT_NAME_MAX).toBe(32);
    expect(checkAccountName('x'.repeat(33))).toBe('tooLong');
  });

  it.each(['张三', 'admin中', '㐀abc', '\uF900x', '管理员01'])('rejects CJK %j as chinese', (s) => {
    expect(checkAccountName(s)).toBe('chinese');
  });

  it.each(['john doe', 'john#1', 'josé', 'a+b', 'a/b', 'ａｂｃ', 'たなか'])('rejects %j as illegalChars', (s) => {
    expect(checkAccountName(s)).toBe('illegalChars');
  });
});

describe('checkCompanyName', () => {
  it.each(['北京某某科技有限公司', '某某科技（北京）有限公司', 'Johnson & Johnson', 'Acme Inc.', 'Foo-Bar_Baz (Shanghai) Co. Ltd'])(
    'accepts %j',
    (s) => {
      expect(checkCompanyName(s)).toBeNull();
    },
  );

  it('required', () => {
    expect(checkCompanyName('')).toBe('required');
  });

  it('tooLong', () => {
    expect(COMPANY_NAME_MAX).toBe(100);
    expect(checkCompanyName('公'.repeat(100))).toBeNull();
    expect(checkCompanyName('公'.repeat(101))).toBe('tooLong');
  });

  it.each(['A<B', 'A"B', "McDonald's", 'A;B', 'A%B', 'A$B', 'A#B', 'A@B', 'A!B', 'A=B', 'A|B', 'A{B}', 'A[B]', 'A\u0000B'])('rejects %j', (s) => {
    expect(checkCompanyName(s)).toBe('illegalChars');
  });
});

describe('checkCompanyShortName', () => {
  it('accepts up to six code points', () => {
    expect(COMPANY_SHORT_NAME_MAX).toBe(6);
    expect(checkCompanyShortName('某某科技')).toBeNull();
    expect(checkCompanyShortName('阿里巴巴集团')).toBeNull();
    expect(checkCompanyShortName('A&B')).toBeNull();
    expect(checkCompanyShortName('𠀀𠀁𠀂𠀃𠀄𠀅')).toBeNull(); // 6 code points, 12 UTF-16 units
  });

  it('required / tooLong / illegalChars', () => {
    expect(checkCompanyShortName(' ')).toBe('required');
    expect(checkCompanyShortName('阿里巴巴集团公')).toBe('tooLong');
    expect(checkCompanyShortName('ABCDEFG')).toBe('tooLong');
    expect(checkCompanyShortName('A<B')).toBe('illegalChars');
  });
});

// ---------------------------------------------------------------------------------------------
// Super account
// ---------------------------------------------------------------------------------------------

describe('checkSuperAccount', () => {
  it('accepts prefixed account names', () => {
    expect(SUPER_ACCOUNT_PREFIX).toBe('LFT_');
    expect(checkSuperAccount('LFT_admin')).toBeNull();
    expect(checkSuperAccount('LFT_ops.team-1')).toBeNull();
    expect(checkSuperAccount(`LFT_${'a'.repeat(28)}`)).toBeNull(); // 32 in total
  });

  it('required', () => {
    expect(checkSuperAccount('')).toBe('required');
    expect(checkSuperAccount('LFT_')).toBe('required');
  });

  it('prefix', () => {
    expect(checkSuperAccount('admin')).toBe('prefix');
    expect(checkSuperAccount('lft_admin')).toBe('prefix');
    expect(checkSuperAccount('LFTadmin')).toBe('prefix');
    expect(checkSuperAccount('管理员')).toBe('prefix');
  });

  it('chinese / illegalChars / tooLong', () => {
    expect(checkSuperAccount('LFT_管理员')).toBe('chinese');
    expect(checkSuperAccount('LFT_ad min')).toBe('illegalChars');
    expect(checkSuperAccount('LFT_a#b')).toBe('illegalChars');
    expect(checkSuperAccount(`LFT_${'a'.repeat(29)}`)).toBe('tooLong');
  });
});

// ---------------------------------------------------------------------------------------------
// Resident ID number
// ---------------------------------------------------------------------------------------------

/** Independent implementation of ISO 7064 MOD 11-2, used to build test vectors. */
function withCheckChar(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (w[i] ?? 0);
  return first17 + '10X98765432'.charAt(sum % 11);
}

/** The same number with a different (wrong) check character. */
function withWrongCheckChar(id: string): string {
  const right = id.charAt(17);
  const wrong = right === '0' ? '1' : '0';
  return id.slice(0, 17) + wrong;
}

const TODAY = new Date(2024, 5, 15); // 2024-06-15 local time

describe('ID number vectors', () => {
  it('the helper reproduces well-known valid numbers', () => {
    expect(withCheckChar('11010519491231002')).toBe('11010519491231002X');
    expect(withCheckChar('44052418800101001')).toBe('440524188001010014');
  });
});

describe('checkIdNumber', () => {
  it('accepts the well-known example, upper and lower case X', () => {
    expect(checkIdNumber('11010519491231002X', TODAY)).toBeNull();
    expect(checkIdNumber('11010519491231002x', TODAY)).toBeNull();
    expect(checkIdNumber('  11010519491231002X  ', TODAY)).toBeNull();
  });

  it.each([
    '31011519900307123', // Shanghai
    '44030519850815432', // Shenzhen
    '51010720000229001', // leap day 2000
    '65010219000101123', // lowest allowed birth date
    '81000019991231567', // Hong Kong code
    '91000019750704888', // overseas code
    '11010120240615002', // born today
  ])('accepts computed vector from %s', (first17) => {
    const id = withCheckChar(first17);
    expect(checkIdNumber(id, TODAY)).toBeNull();
  });

  it('required', () => {
    expect(checkIdNumber('', TODAY)).toBe('required');
    expect(checkIdNumber('   ', TODAY)).toBe('required');
  });

  it('length', () => {
    expect(checkIdNumber('1101051949123100', TODAY)).toBe('length');
    expect(checkIdNumber('11010519491231002X1', TODAY)).toBe('length');
    expect(checkIdNumber('110105491231002', TODAY)).toBe('length'); // legacy 15-digit
  });

  it('format', () => {
    expect(checkIdNumber('11010519491231002Y', TODAY)).toBe('format');
    expect(checkIdNumber('1101051949123100X2', TODAY)).toBe('format');
    expect(checkIdNumber('11010519491231 02X', TODAY)).toBe('format');
    expect(checkIdNumber('１１0105194912310021', TODAY)).toBe('format');
  });

  it('region', () => {
    expect(checkIdNumber(withCheckChar('10010519491231002'), TODAY)).toBe('region');
    expect(checkIdNumber(withCheckChar('24010519491231002'), TODAY)).toBe('region');
    expect(checkIdNumber(withCheckChar('99010519491231002'), TODAY)).toBe('region');
    expect(checkIdNumber(withCheckChar('00010519491231002'), TODAY)).toBe('region');
  });

  it('birthDate', () => {
    // valid checksum, but born 1880
    expect(checkIdNumber('440524188001010014', TODAY)).toBe('birthDate');
    expect(checkIdNumber(withCheckChar('11010518991231002'), TODAY)).toBe('birthDate');
    expect(checkIdNumber(withCheckChar('11010519900230002'), TODAY)).toBe('birthDate'); // Feb 30
    expect(checkIdNumber(withCheckChar('11010519000229002'), TODAY)).toBe('birthDate'); // 1900 not leap
    expect(checkIdNumber(withCheckChar('11010519901301002'), TODAY)).toBe('birthDate'); // month 13
    expect(checkIdNumber(withCheckChar('11010519900001002'), TODAY)).toBe('birthDate'); // month 0
    expect(checkIdNumber(withCheckChar('11010519900100002'), TODAY)).toBe('birthDate'); // day 0
    expect(checkIdNumber(withCheckChar('11010519900431002'), TODAY)).toBe('birthDate'); // Apr 31
    expect(checkIdNumber(withCheckChar('11010120240616002'), TODAY)).toBe('birthDate'); // tomorrow
    expect(checkIdNumber(withCheckChar('11010130000101002'), TODAY)).toBe('birthDate'); // year 3000
  });

  it('birthDate uses the current date by default', () => {
    expect(checkIdNumber(withCheckChar('11010130000101002'))).toBe('birthDate');
    expect(checkIdNumber('11010519491231002X')).toBeNull();
  });

  it('checksum', () => {
    expect(checkIdNumber('110105194912310020', TODAY)).toBe('checksum');
    expect(checkIdNumber('11010519491231002x'.replace('x', '9'), TODAY)).toBe('checksum');
    const good = withCheckChar('31011519900307123');
    expect(checkIdNumber(withWrongCheckChar(good), TODAY)).toBe('checksum');
    // transposed digits are caught
    expect(checkIdNumber('11001519491231002X', TODAY)).toBe('checksum');
  });
});

describe('idNumberBirthDate / idNumberSex', () => {
  it('derives birth date and sex from valid numbers', () => {
    expect(idNumberBirthDate('11010519491231002X')).toBe('1949-12-31');
    expect(idNumberSex('11010519491231002X')).toBe('female'); // 17th digit 2
    const male = withCheckChar('31011519900307123'); // 17th digit 3
    expect(idNumberBirthDate(male)).toBe('1990-03-07');
    expect(idNumberSex(male)).toBe('male');
    expect(idNumberSex(` ${male} `)).toBe('male');
    expect(idNumberBirthDate(` ${male} `)).toBe('1990-03-07');
  });

  it('returns null for invalid numbers', () => {
    expect(idNumberBirthDate('')).toBeNull();
    expect(idNumberBirthDate('440524188001010014')).toBeNull();
    expect(idNumberBirthDate('110105194912310020')).toBeNull();
    expect(idNumberSex('110105194912310020')).toBeNull();
    expect(idNumberSex('abc')).toBeNull();
  });

  it('honours an explicit today', () => {
    const bornToday = withCheckChar('11010120240615001');
    expect(idNumberBirthDate(bornToday, TODAY)).toBe('2024-06-15');
    expect(idNumberBirthDate(bornToday, new Date(2024, 5, 14))).toBeNull();
    expect(idNumberSex(bornToday, TODAY)).toBe('male');
  });
});

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

describe('file constants', () => {
  it('match the spec', () => {
    expect(IMAGE_TYPES).toEqual(['gif', 'jpg', 'jpeg', 'png']);
    expect(VIDEO_TYPES).toEqual(['mp4']);
    expect(IMPORT_TYPES).toEqual(['csv', 'xls', 'xlsx']);
    expect(ZIP_TYPES).toEqual(['zip']);
    expect(VIDEO_MAX_BYTES).toBe(200 * 1024 * 1024);
    expect(VIDEO_MAX_MESSAGE_MB).toBe(200);
    expect(IMAGE_MAX_BYTES).toBe(1024 * 1024);
    expect(FACE_MIN_PX).toBe(100);
    expect(LOGO_MIN).toEqual({ width: 400, height: 300 });
  });
});

describe('fileExtension', () => {
  it.each([
    ['photo.PNG', 'png'],
    ['archive.tar.gz', 'gz'],
    ['my.photo.Jpeg', 'jpeg'],
    ['noext', ''],
    ['trailingdot.', ''],
    ['.gitignore', ''],
    ['', ''],
    ['C:\\fakepath\\logo.GIF', 'gif'],
    ['/tmp/dir.d/file', ''],
    ['dir/video.mp4', 'mp4'],
  ])('%j -> %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('checkImageFile', () => {
  it('accepts allowed types within the size limit', () => {
    for (const t of IMAGE_TYPES) expect(checkImageFile(`a.${t}`, 1000)).toBeNull();
    expect(checkImageFile('A.JPG', IMAGE_MAX_BYTES)).toBeNull();
    expect(checkImageFile('a.png', 0)).toBeNull();
  });

  it('type', () => {
    expect(checkImageFile('a.bmp', 10)).toBe('type');
    expect(checkImageFile('a.webp', 10)).toBe('type');
    expect(checkImageFile('png', 10)).toBe('type');
    expect(checkImageFile('a.png.exe', 10)).toBe('type');
    expect(checkImageFile('a.bmp', IMAGE_MAX_BYTES + 1)).toBe('type'); // type before size
  });

  it('size', () => {
    expect(checkImageFile('a.png', IMAGE_MAX_BYTES + 1)).toBe('size');
    expect(checkImageFile('a.png', -1)).toBe('size');
    expect(checkImageFile('a.png', Number.NaN)).toBe('size');
    expect(checkImageFile('a.png', Number.POSITIVE_INFINITY)).toBe('size');
  });
});

describe('checkVideoFile', () => {
  it('accepts mp4 within the limit', () => {
    expect(checkVideoFile('clip.mp4', VIDEO_MAX_BYTES)).toBeNull();
    expect(checkVideoFile('CLIP.MP4', 1)).toBeNull();
  });

  it('type / size', () => {
    expect(checkVideoFile('clip.mov', 1)).toBe('type');
    expect(checkVideoFile('clip.avi', 1)).toBe('type');
    expect(checkVideoFile('clip.mp4', VIDEO_MAX_BYTES + 1)).toBe('size');
  });
});

describe('checkImportFile / checkZipFile', () => {
  it('import types', () => {
    expect(checkImportFile('staff.csv')).toBeNull();
    expect(checkImportFile('staff.XLS')).toBeNull();
    expect(checkImportFile('staff.xlsx')).toBeNull();
    expect(checkImportFile('staff.numbers')).toBe('type');
    expect(checkImportFile('staff.txt')).toBe('type');
    expect(checkImportFile('staff')).toBe('type');
  });

  it('zip', () => {
    expect(checkZipFile('photos.zip')).toBeNull();
    expect(checkZipFile('photos.ZIP')).toBeNull();
    expect(checkZipFile('photos.rar')).toBe('type');
    expect(checkZipFile('photos.7z')).toBe('type');
  });
});

describe('sniffFileType', () => {
  const bytes = (...xs: number[]) => Uint8Array.from(xs);
  const text = (s: string, pad = 0) => Uint8Array.from([...Array.from(s, (c) => c.charCodeAt(0)), ...Array(pad).fill(0)]);
  const ftyp = (brand: string) => Uint8Array.from([0, 0, 0, 0x20, ...text('ftyp'), ...text(brand), 0, 0, 0, 0]);

  it.each([
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe1)],
    ['gif', text('GIF89a', 4)],
    ['gif', text('GIF87a', 4)],
    ['webp', Uint8Array.from([...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 ')])],
    ['zip', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0)], // also what an .xlsx looks like
    ['zip', bytes(0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0)], // empty archive
    ['pdf', text('%PDF-1.7\n')],
    ['xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0)],
    ['mp4', ftyp('isom')],
    ['mp4', ftyp('mp42')],
    ['mp4', ftyp('M4V ')],
  ] as const)('detects %s', (expected, data) => {
    expect(sniffFileType(data)).toBe(expected);
  });

  it.each([
    ['empty', bytes()],
    ['short png prefix', bytes(0x89, 0x50, 0x4e)],
    ['plain text', text('hello, world')],
    ['RIFF but WAVE', Uint8Array.from([...text('RIFF'), 0, 0, 0, 0, ...text('WAVEfmt ')])],
    ['HEIC', ftyp('heic')],
    ['QuickTime', ftyp('qt  ')],
    ['truncated ftyp', Uint8Array.from([0, 0, 0, 0x20, ...text('ftyp')])],
    ['GIF without version', text('GIF8')],
    ['OLE2 prefix only', bytes(0xd0, 0xcf, 0x11, 0xe0)],
  ] as const)('returns null for %s', (_label, data) => {
    expect(sniffFileType(data)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

describe('limits', () => {
  it('match the spec', () => {
    expect(APPROVAL_LEVELS).toEqual({ min: 1, max: 5 });
    expect(CAROUSEL_PICTURES).toEqual({ min: 2, max: 5 });
    expect(VISIT_DAYS_WINDOW).toBe(30);
  });
});

// ---------------------------------------------------------------------------------------------
// zod schemas
// ---------------------------------------------------------------------------------------------

describe('zod schemas', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

  it('zPassword reports the failure key and does not trim', () => {
    expect(zPassword.parse('abc123')).toBe('abc123');
    expect(messages(zPassword.safeParse(''))).toEqual(['required']);
    expect(messages(zPassword.safeParse('abcdefg'))).toEqual(['tooWeak']);
    expect(messages(zPassword.safeParse(' abc123'))).toEqual(['whitespace']);
    expect(zPassword.safeParse(123).success).toBe(false);
  });

  it('zEmail trims and checks', () => {
    expect(zEmail.parse('  a@b.cn ')).toBe('a@b.cn');
    expect(messages(zEmail.safeParse('a@b'))).toEqual(['format']);
    expect(messages(zEmail.safeParse('  '))).toEqual(['required']);
  });

  it('zPhone trims and checks', () => {
    expect(zPhone.parse(' +86 138 0013 8000 ')).toBe('+86 138 0013 8000');
    expect(messages(zPhone.safeParse('12345'))).toEqual(['format']);
  });

  it('name schemas', () => {
    expect(zPersonName.parse(' 张三 ')).toBe('张三');
    expect(messages(zPersonName.safeParse('a<b'))).toEqual(['illegalChars']);
    expect(zAccountName.parse(' admin ')).toBe('admin');
    expect(messages(zAccountName.safeParse('管理员'))).toEqual(['chinese']);
    expect(zCompanyName.parse('A & B')).toBe('A & B');
    expect(messages(zCompanyName.safeParse(''))).toEqual(['required']);
    expect(zCompanyShortName.parse('某某科技')).toBe('某某科技');
    expect(messages(zCompanyShortName.safeParse('一二三四五六七'))).toEqual(['tooLong']);
  });

  it('zIdNumber trims and checks', () => {
    expect(zIdNumber.parse(' 11010519491231002X ')).toBe('11010519491231002X');
    expect(messages(zIdNumber.safeParse('110105194912310020'))).toEqual(['checksum']);
    expect(messages(zIdNumber.safeParse('440524188001010014'))).toEqual(['birthDate']);
  });
});

describe('checkPlate / normalizePlate', () => {
  it.each([
    '京A12345', // ordinary, digits
    '沪AB1C23', // ordinary, letters among the digits
    '粤B·12345', // written with the dot
    '川a 1234 5', // lower case and spaces
    '苏E1234挂', // trailer
    '京A1234学', // driving school
    '粤Z1234港', // Hong Kong crossing
    '京AD12345', // small new-energy, pure electric
    '沪AF12345', // small new-energy, plug-in hybrid
    '浙ADA1234', // small new-energy with a letter
    '京A12345D', // large new-energy
    '鲁B12345F',
  ])('accepts %s', (plate) => {
    expect(checkPlate(plate)).toBeNull();
  });
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['A12345', 'format'], // no province
    ['京112345', 'format'], // office must be a letter
    ['京I12345', 'format'], // I is never used
    ['京AO1234', 'format'], // nor O
    ['京A1234', 'format'], // too short
    ['京A123456', 'format'], // 8 characters, not new-energy
    ['京AX12345', 'format'], // X is no energy letter
    ['京A12345X', 'format'], // a large new-energy plate ends in D or F
    ['京AD1234A', 'format'], // small new-energy ends in digits
    ['京AD123456', 'format'], // too long
    ['台A12345', 'format'], // not a mainland province
    ['PIC0001', 'format'],
  ])('refuses %j (%s)', (plate, rule) => {
    expect(checkPlate(plate)).toBe(rule);
  });
  it('normalizes to upper case without separators', () => {
    expect(normalizePlate(' 粤b·d1-2345 ')).toBe('粤BD12345');
  });
});
