/** The people behind Sharpside, shown on /contacts. Photos are generated avatars (routes/avatars.$name). */
export interface TeamMember {
  name: string;
  role: string;
  photo: string;
}

const member = (name: string, role: string): TeamMember => ({
  name,
  role,
  photo: `/avatars/${name.replace(/\s+/g, "")}.svg`,
});

export const TEAM: TeamMember[] = [
  member("Jordan Hayes", "Co-founder & CEO"),
  member("Priya Raman", "Head of Expert Partnerships"),
  member("Marcus Bell", "Customer Support Lead"),
  member("Elena Ortiz", "Payments & Compliance"),
  member("Sam Whitaker", "Community & Responsible Play"),
  member("Noah Kim", "Sports Data & Grading"),
];
