import { hashPick, type HashPart } from '../random.js';

const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡',
  '郭', '何', '林', '高', '罗', '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹',
] as const;

const GIVEN_NAMES = [
  '伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明',
  '超', '霞', '刚', '华', '建国', '志强', '晓东', '海燕', '文博', '子涵', '思远', '雨桐',
  '浩然', '立新', '玉兰', '国栋', '春梅', '俊杰', '雪松', '嘉怡', '宏伟',
] as const;

/** A plausible Chinese personal name, fixed by the parts. */
export function personName(...parts: HashPart[]): string {
  return hashPick(SURNAMES, 'surname', ...parts) + hashPick(GIVEN_NAMES, 'given', ...parts);
}
