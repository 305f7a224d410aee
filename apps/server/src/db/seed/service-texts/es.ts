import type { LocaleServiceTexts } from './locale-service-texts';

/**
 * Spanish, translated from the French reference section by section. The interface speaks to the
 * viewer as "tú" and names its buttons and links as the es catalogue does (Mi cuenta, Darse de
 * baja, ¿Has olvidado tu contraseña?), so the texts match what the viewer sees on screen.
 */
export const ES_SERVICE_TEXTS: LocaleServiceTexts = {
  pages: {
    terms: {
      name: 'Condiciones generales de uso',
      sections: [
        {
          title: 'Objeto',
          text: 'Las presentes condiciones regulan el acceso al servicio Playz, editado por Playz Médias SAS, que ofrece canales en directo, programas a la carta, series y películas en streaming.',
        },
        {
          title: 'Suscripción y periodo gratuito',
          text: 'La suscripción es semanal o mensual, sin permanencia. La primera semana o el primer mes pueden ser gratuitos; después, la suscripción continúa al precio semanal o mensual indicado, salvo que te des de baja antes de que termine el periodo gratuito.',
        },
        {
          title: 'Precios y pago',
          text: 'Los precios incluyen todos los impuestos. El pago se realiza mediante facturación del operador móvil, tarjeta bancaria con 3-D Secure, PayPal o la tienda de la plataforma que utilices.',
        },
        {
          title: 'Derecho de desistimiento',
          text: 'Dispones de un plazo de 14 días a partir de la suscripción para ejercer tu derecho de desistimiento, mediante el formulario de desistimiento o por correo electrónico a contact@playz.fr.',
        },
        {
          title: 'Baja',
          text: 'Puedes darte de baja en cualquier momento desde la página Mi cuenta. El acceso se mantiene hasta el final del periodo pagado.',
        },
        {
          title: 'Contacto',
          text: 'Atención al cliente: contact@playz.fr, +33 4 72 00 00 00, Playz Médias, 12 rue de la Lumière, 69003 Lyon, Francia.',
        },
      ],
    },
    privacy: {
      name: 'Política de privacidad',
      sections: [
        {
          title: 'Responsable del tratamiento',
          text: 'Playz Médias SAS, 12 rue de la Lumière, 69003 Lyon, Francia, es la responsable de los tratamientos descritos aquí.',
        },
        {
          title: 'Datos recogidos',
          text: 'Dirección de correo electrónico, nombre y apellidos si los indicas, número de móvil para la facturación del operador, historial de reproducción y favoritos, dispositivos conectados.',
        },
        {
          title: 'Finalidades',
          text: 'Prestar el servicio, reanudar la reproducción donde la dejaste, gestionar la suscripción y la facturación, y medir la audiencia si lo aceptas.',
        },
        {
          title: 'Plazo de conservación',
          text: 'Los datos de la cuenta se conservan mientras la cuenta exista y después se eliminan; los datos de facturación se conservan durante el plazo legal.',
        },
        {
          title: 'Tus derechos',
          text: 'Puedes acceder a tus datos, rectificarlos, suprimirlos u oponerte a su tratamiento escribiendo a contact@playz.fr. También puedes presentar una reclamación ante la CNIL, la autoridad francesa de protección de datos.',
        },
      ],
    },
    faq: {
      name: 'Preguntas frecuentes',
      sections: [
        {
          title: '¿Cómo veo Playz en mi televisor?',
          text: 'Instala la aplicación Playz en tu televisor o descodificador y, después, inicia sesión desde tu teléfono con el código que aparece en la pantalla.',
        },
        {
          title: '¿Cómo me doy de baja?',
          text: 'Desde la página Mi cuenta, con el botón Darse de baja. El acceso se mantiene hasta el final del periodo pagado.',
        },
        {
          title: 'He olvidado mi contraseña',
          text: 'Usa el enlace ¿Has olvidado tu contraseña? de la página de inicio de sesión: te enviaremos por correo electrónico un enlace válido durante 20 minutos.',
        },
        {
          title: '¿En cuántos dispositivos puedo ver Playz?',
          text: 'Puedes iniciar sesión en varios dispositivos; el número de reproducciones simultáneas es limitado.',
        },
      ],
    },
    cookies: {
      name: 'Cookies',
      sections: [
        {
          title: '¿Qué es una cookie?',
          text: 'Una cookie es un pequeño archivo que se guarda en tu dispositivo. Algunas son imprescindibles para el servicio; otras solo se guardan con tu consentimiento, durante 6 meses.',
        },
        { title: 'Tus opciones', text: 'Puedes cambiar tus opciones en cualquier momento: {{cookieSettingsLink}}.' },
        { title: 'Cookies que utilizamos', text: '{{cookieTable}}' },
      ],
    },
  },
  app: {
    publisher: { contact: 'Dirección de contenidos, Playz Médias' },
    cookieTypes: {
      1: {
        name: 'Funcionales',
        description: 'Imprescindibles para el servicio: sesión, idioma, elección de cookies.',
        cookies: { 1: 'Sesión de acceso', 2: 'Banner de cookies cerrado', 3: 'Identificador de cliente' },
      },
      2: {
        name: 'Medición de audiencia',
        description: 'Nos ayudan a entender cómo se usa el servicio.',
        cookies: { 4: 'Identificador de medición', 5: 'Sesión de medición', 6: 'Visita' },
      },
      3: {
        name: 'Publicidad',
        description: 'Miden la eficacia de nuestras campañas.',
        cookies: { 7: 'Conversión' },
      },
    },
  },
};
