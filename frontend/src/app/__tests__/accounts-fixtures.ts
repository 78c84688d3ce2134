import type { components } from '@/api/schema'
import { json } from '@/test/api'

type Schemas = components['schemas']

export const learner: Schemas['UserOut'] = {
  name: 'Asha Verma',
  phone: '+919876543210',
  phone_display: '+91 98765 43210',
  email: 'asha@example.com',
  referral_code: 'IRCTP3210',
  is_staff: false,
}

function course(slug: string, name: string, route: string, reward: number): Schemas['CourseOut'] {
  return {
    slug,
    name,
    short_name: name,
    route,
    summary: `${name} summary.`,
    description: '',
    duration_text: '3 months',
    timing: '7 pm to 8 pm',
    days: 'Mon to Fri',
    doubt_session: 'Daily',
    mode: 'Online',
    certificate: true,
    list_fee: 2999,
    list_fee_display: '₹2,999',
    offer_fee: null,
    offer_fee_display: null,
    offer_label: '',
    has_offer: false,
    payable_fee: 2999,
    payable_fee_display: '₹2,999',
    referral_reward: reward,
    referral_reward_display: reward ? `₹${reward}` : null,
    highlights: [],
    syllabus: [],
    is_bootcamp: false,
    updated_at: '2024-01-01T00:00:00Z',
  }
}

export const courses: Schemas['CourseOut'][] = [
  course('web-development', 'Web Development (MERN stack)', '/Web-Development-registration', 150),
  course('android-development', 'Android with Java', '/Android-Development-registration', 200),
  course('java', 'Java', '/java-registration', 100),
  course('python', 'Python (Basic Python)', '/python-registration', 300),
]

export const coursesHandler = () => json(courses)

/** What every accounts test needs: the CSRF cookie endpoint (as Django sets it) and the courses. */
export const accountHandlers = {
  'GET /api/auth/csrf': () => {
    document.cookie = 'csrftoken=test-token; path=/'
    return json({ csrf_token: 'test-token' })
  },
  'GET /api/courses': coursesHandler,
}
